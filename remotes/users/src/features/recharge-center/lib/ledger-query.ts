import type { LedgerFilterQuery, LedgerKind, UserCreditsQuery } from '@flotilla/shared';

export type KindFilter = LedgerKind | 'all';
/** The ledger's filters as the page holds them: dates are the `YYYY-MM-DD` of date inputs, '' for none. */
export type LedgerFilters = { kind: KindFilter; from: string; to: string };
export type LedgerPage = { page: number; pageSize: number };

export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];
export const NO_FILTERS: LedgerFilters = { kind: 'all', from: '', to: '' };

/** Local midnight of a `YYYY-MM-DD` day as an ISO time; undefined for '' or a day that does not exist. */
export function localDayStart(day: string, addDays = 0): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // `Date` rolls 2026-02-30 over into March: a day that does not come back as typed does not exist.
  const day0 = new Date(year, month - 1, date);
  if (day0.getFullYear() !== year || day0.getMonth() !== month - 1 || day0.getDate() !== date) return undefined;
  return new Date(year, month - 1, date + addDays).toISOString();
}

/** The filters as the server's query: the days in the viewer's time zone, `to` included (up to the next midnight). */
export function toFilterQuery(filters: LedgerFilters): LedgerFilterQuery {
  const query: LedgerFilterQuery = {};
  if (filters.kind !== 'all') query.kind = filters.kind;
  const from = localDayStart(filters.from);
  const to = localDayStart(filters.to, 1);
  if (from) query.from = from;
  if (to) query.to = to;
  return query;
}

/** One page of the filtered ledger. */
export function toLedgerQuery(filters: LedgerFilters, page: LedgerPage): UserCreditsQuery {
  return { offset: (page.page - 1) * page.pageSize, limit: page.pageSize, ...toFilterQuery(filters) };
}

/** A price in cents as money: `19900` → `199.00`. */
export function formatPrice(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** Money typed by an admin (`199`, `199.9`, `199.90`) in cents; undefined when it is no amount of money. */
export function parsePrice(text: string): number | undefined {
  const match = /^\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
