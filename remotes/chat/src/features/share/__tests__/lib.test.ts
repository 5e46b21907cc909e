import { describe, expect, it } from 'vitest';
import { contrast, iconOf, textColorOn, themeColorOf } from '../lib/appearance';
import { shareIdFrom } from '../lib/share-id';

describe('share id', () => {
  it('comes from the path, else from ?shareId=', () => {
    expect(shareIdFrom({ shareId: 'a' }, new URLSearchParams('shareId=b'))).toBe('a');
    expect(shareIdFrom({ id: 'c' }, new URLSearchParams())).toBe('c');
    expect(shareIdFrom({}, new URLSearchParams('shareId=%20d%20'))).toBe('d');
    expect(shareIdFrom({}, new URLSearchParams())).toBeNull();
    expect(shareIdFrom({}, new URLSearchParams(`shareId=${'x'.repeat(65)}`))).toBeNull();
  });
});

describe('appearance', () => {
  it('accepts only hex theme colours', () => {
    expect(themeColorOf('#0E8A6D')).toBe('#0E8A6D');
    expect(themeColorOf('#abc')).toBe('#abc');
    expect(themeColorOf('red; background: url(x)')).toBe('#165DFF');
    expect(themeColorOf('')).toBe('#165DFF');
  });

  it('picks the header text with the better contrast', () => {
    for (const color of ['#165DFF', '#0E8A6D', '#FFEB3B', '#ffffff', '#000', '#F53F3F']) {
      const text = textColorOn(color);
      const other = text === '#ffffff' ? '#1c1f23' : '#ffffff';
      expect(contrast(color, text)).toBeGreaterThanOrEqual(contrast(color, other));
    }
    expect(textColorOn('#165DFF')).toBe('#ffffff');
    expect(textColorOn('#FFEB3B')).toBe('#1c1f23');
  });

  it('draws an image, an emoji or the first letter', () => {
    expect(iconOf('https://cdn.example/icon.png', 'Bot')).toEqual({ kind: 'image', src: 'https://cdn.example/icon.png' });
    expect(iconOf('/v1/files/icon.png', 'Bot')).toEqual({ kind: 'image', src: '/v1/files/icon.png' });
    expect(iconOf('🤖', 'Bot')).toEqual({ kind: 'text', text: '🤖' });
    expect(iconOf('', 'helper')).toEqual({ kind: 'text', text: 'H' });
    expect(iconOf('javascript:alert(1)', '客服')).toEqual({ kind: 'text', text: '客' });
  });
});
