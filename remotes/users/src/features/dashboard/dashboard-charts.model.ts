import { createEffect, createEvent, createStore, sample } from 'effector';
import { $role, type DashboardSummaryQuery, type DashboardSummaryResponse } from '@flotilla/shared';
import { getDashboardSummary } from './api/get-dashboard-summary';
import { dashboardOpened } from './dashboard.model';
import { DEFAULT_RANGE_DAYS, lastDays, viewerUtcOffset, type DayRange } from './lib/day-range';

/** The charts' data: one summary call feeds every chart. */
export type ChartsData =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; summary: DashboardSummaryResponse }
  | { status: 'failed'; message: string };

/** The viewer picked a range in the date picker (or one of its presets). */
export const chartsRangePicked = createEvent<DayRange>();
export const chartsRetryClicked = createEvent<void>();

export const loadSummaryFx = createEffect((query: DashboardSummaryQuery) => getDashboardSummary(query));

export const $chartsRange = createStore<DayRange>(lastDays(DEFAULT_RANGE_DAYS, new Date())).on(
  chartsRangePicked,
  (_, range) => range,
);
export const $chartsData = createStore<ChartsData>({ status: 'idle' });
/** Admins and operators see the charts; the call is theirs only. */
export const $chartsShown = $role.map((role) => role === 'admin' || role === 'operator');

const summaryQuery = (range: DayRange): DashboardSummaryQuery => ({ ...range, utcOffset: viewerUtcOffset() });

sample({
  clock: [dashboardOpened, chartsRangePicked, chartsRetryClicked],
  source: { range: $chartsRange, shown: $chartsShown },
  filter: ({ shown }) => shown,
  fn: ({ range }) => summaryQuery(range),
  target: loadSummaryFx,
});
sample({ clock: loadSummaryFx, fn: (): ChartsData => ({ status: 'loading' }), target: $chartsData });
// An answer for a range the viewer has since left is dropped.
sample({
  clock: loadSummaryFx.done,
  source: $chartsRange,
  filter: (range, { params }) => range.from === params.from && range.to === params.to,
  fn: (_, { result }): ChartsData => ({ status: 'ready', summary: result }),
  target: $chartsData,
});
sample({
  clock: loadSummaryFx.fail,
  source: $chartsRange,
  filter: (range, { params }) => range.from === params.from && range.to === params.to,
  fn: (_, { error }): ChartsData => ({
    status: 'failed',
    message: error instanceof Error ? error.message : String(error),
  }),
  target: $chartsData,
});
