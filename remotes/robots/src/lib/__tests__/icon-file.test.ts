import { describe, expect, it } from 'vitest';
import { ICON_LIMITS } from '@flotilla/shared';
import { checkIconFile, ICON_TYPES } from '../icon-file';

describe('checkIconFile', () => {
  it('accepts png, jpeg, webp and gif up to the limit', () => {
    for (const type of ICON_TYPES) expect(checkIconFile({ type, size: ICON_LIMITS.maxBytes })).toBeNull();
  });

  it('refuses larger files and other types', () => {
    expect(checkIconFile({ type: 'image/png', size: ICON_LIMITS.maxBytes + 1 })).toBe('tooLarge');
    expect(checkIconFile({ type: 'image/svg+xml', size: 10 })).toBe('badType');
    expect(checkIconFile({ type: '', size: 10 })).toBe('badType');
  });
});
