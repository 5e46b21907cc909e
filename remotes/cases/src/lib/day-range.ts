/** The creation-time filter of a list as the server takes it: `from` inclusive, `to` exclusive (ISO instants). */
export type InstantRange = { from: string; to: string };

/**
 * The instants bounding the viewer's calendar days `first`..`last` (both included): local midnight of the first,
 * local midnight after the last.
 */
export function daysToInstants(first: Date, last: Date): InstantRange {
  const start = new Date(first.getFullYear(), first.getMonth(), first.getDate());
  const end = new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1);
  return { from: start.toISOString(), to: end.toISOString() };
}

/** The calendar days a range of instants made by {@link daysToInstants} covers, for a date picker to show. */
export function instantsToDays({ from, to }: InstantRange): [Date, Date] {
  const end = new Date(to);
  return [new Date(from), new Date(end.getFullYear(), end.getMonth(), end.getDate() - 1)];
}
