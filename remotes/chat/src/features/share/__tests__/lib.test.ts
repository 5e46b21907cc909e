import { describe, expect, it } from 'vitest';
import { contrast, iconOf, readableOn, TEXT_BACKGROUNDS, textColorOn, themeColorOf } from '@flotilla/shared';
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

  it('keeps the theme colour as text where it reads well, and shades it just enough where it does not', () => {
    // Dark blue reads on light backgrounds as it is; yellow reads on dark ones.
    expect(readableOn('#165DFF', TEXT_BACKGROUNDS.light)).toBe('#165DFF');
    expect(readableOn('#FFEB3B', TEXT_BACKGROUNDS.dark)).toBe('#FFEB3B');
    for (const color of ['#FFEB3B', '#165DFF', '#00B42A', '#ffffff', '#000000']) {
      for (const background of Object.values(TEXT_BACKGROUNDS)) {
        expect(contrast(readableOn(color, background), background)).toBeGreaterThanOrEqual(4.5);
      }
    }
    // Yellow on light grey is darkened, and stays a yellowish colour rather than black.
    const shaded = readableOn('#FFEB3B', TEXT_BACKGROUNDS.light);
    expect(shaded).not.toBe('#000000');
    expect(parseInt(shaded.slice(1, 3), 16)).toBeGreaterThan(parseInt(shaded.slice(5, 7), 16));
  });

  it("draws this server's image, an emoji or the first letter (another site's image is not loaded)", () => {
    expect(iconOf('https://cdn.example/icon.png', 'Bot')).toEqual({ kind: 'text', text: 'B' });
    expect(iconOf('//cdn.example/icon.png', 'Bot')).toEqual({ kind: 'text', text: 'B' });
    expect(iconOf('/v1/files/icon.png', 'Bot')).toEqual({ kind: 'image', src: '/v1/files/icon.png' });
    expect(iconOf('🤖', 'Bot')).toEqual({ kind: 'text', text: '🤖' });
    expect(iconOf('', 'helper')).toEqual({ kind: 'text', text: 'H' });
    expect(iconOf('javascript:alert(1)', '客服')).toEqual({ kind: 'text', text: '客' });
  });
});
