import { useUnit } from 'effector-react';
import { useCallback } from 'react';
import { $locale } from './i18n';

/** One formatter per locale: making one costs about a millisecond, a list formats a date per row. */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** A date-time in `locale` (medium date, short time); the raw text when it does not parse. */
export function formatDateTime(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let format = dateTimeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    dateTimeFormats.set(locale, format);
  }
  return format.format(date);
}

/** {@link formatDateTime} bound to the console's language; components re-render when it changes. */
export function useDateTime(): (iso: string) => string {
  const locale = useUnit($locale);
  return useCallback((iso: string) => formatDateTime(iso, locale), [locale]);
}
