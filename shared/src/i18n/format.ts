import { useUnit } from 'effector-react';
import { useCallback } from 'react';
import { $locale } from './i18n';

/** A date-time in `locale` (medium date, short time); the raw text when it does not parse. */
export function formatDateTime(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** {@link formatDateTime} bound to the console's language; components re-render when it changes. */
export function useDateTime(): (iso: string) => string {
  const locale = useUnit($locale);
  return useCallback((iso: string) => formatDateTime(iso, locale), [locale]);
}
