import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../format';

describe('formatDateTime', () => {
  it('writes a date-time in the given language', () => {
    const iso = '2024-03-05T08:09:00.000Z';
    const expected = (locale: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
    expect(formatDateTime(iso, 'en-US')).toBe(expected('en-US'));
    expect(formatDateTime(iso, 'en-US')).toContain('2024');
    expect(formatDateTime(iso, 'zh-CN')).toBe(expected('zh-CN'));
    expect(formatDateTime(iso, 'zh-CN')).not.toBe(formatDateTime(iso, 'en-US'));
  });

  it('gives back text that is no date unchanged', () => {
    expect(formatDateTime('not a date', 'en-US')).toBe('not a date');
    expect(formatDateTime('', 'zh-CN')).toBe('');
  });
});
