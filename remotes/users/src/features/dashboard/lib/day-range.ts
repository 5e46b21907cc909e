/** A range of the viewer's calendar days, `YYYY-MM-DD`, both included. */
export type DayRange = { from: string; to: string };

/** The range presets the picker offers, in days. */
export const RANGE_PRESETS = [7, 30, 90] as const;
/** The range the dashboard opens with. */
export const DEFAULT_RANGE_DAYS = 30;

const pad = (value: number) => String(value).padStart(2, '0');

/** The viewer's calendar day of a date. */
export function dayOf(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The date (local midnight) of a calendar day. */
export function dateOf(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date);
}

/** The last `days` days up to and including `today`'s. */
export function lastDays(days: number, today: Date): DayRange {
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
  return { from: dayOf(start), to: dayOf(today) };
}

/** Every day of a range, in order. */
export function daysOf(range: DayRange): string[] {
  const days: string[] = [];
  const end = dateOf(range.to).getTime();
  for (let day = dateOf(range.from); day.getTime() <= end; day.setDate(day.getDate() + 1)) days.push(dayOf(day));
  return days;
}

/** The viewer's offset from UTC in minutes east, as the server takes it (a multiple of 15). */
export function viewerUtcOffset(date: Date = new Date()): number {
  return Math.round(-date.getTimezoneOffset() / 15) * 15;
}
