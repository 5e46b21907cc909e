import { createEffect, createEvent, createStore, sample } from 'effector';
import { $role, type Role } from '@flotilla/shared';
import { countCases } from './api/count-cases';
import { countDatasets } from './api/count-datasets';
import { countRobots } from './api/count-robots';
import { countUsers } from './api/count-users';

export const OVERVIEW_KEYS = ['robots', 'datasets', 'cases', 'users'] as const;
export type OverviewKey = (typeof OVERVIEW_KEYS)[number];

/** One card of the overview. */
export type OverviewCount =
  { status: 'loading' } | { status: 'ready'; total: number } | { status: 'failed'; message: string };
export type Overview = Partial<Record<OverviewKey, OverviewCount>>;

const COUNTERS: Record<OverviewKey, () => Promise<number>> = {
  robots: countRobots,
  datasets: countDatasets,
  cases: countCases,
  users: countUsers,
};

/** The cards a role sees: users are counted for admins only (the call is admin-only). */
export function overviewKeysFor(role: Role | null): OverviewKey[] {
  if (role === 'admin') return [...OVERVIEW_KEYS];
  if (role === 'operator') return ['robots', 'datasets', 'cases'];
  return [];
}

export const dashboardOpened = createEvent<void>();
export const overviewRetryClicked = createEvent<void>();

/** Counts every key in parallel; one failing call fails only its own card. */
export const loadOverviewFx = createEffect(async (keys: OverviewKey[]): Promise<Overview> => {
  const results = await Promise.allSettled(keys.map((key) => COUNTERS[key]()));
  const overview: Overview = {};
  keys.forEach((key, index) => {
    const result = results[index];
    overview[key] =
      result.status === 'fulfilled'
        ? { status: 'ready', total: result.value }
        : { status: 'failed', message: result.reason instanceof Error ? result.reason.message : String(result.reason) };
  });
  return overview;
});

export const $overview = createStore<Overview>({});
/** The cards shown, in order. */
export const $overviewKeys = $role.map((role) => overviewKeysFor(role));

sample({ clock: dashboardOpened, source: $overviewKeys, filter: (keys) => keys.length > 0, target: loadOverviewFx });
sample({
  clock: overviewRetryClicked,
  source: $overview,
  filter: (overview) => Object.values(overview).some((count) => count?.status === 'failed'),
  fn: (overview) => OVERVIEW_KEYS.filter((key) => overview[key]?.status === 'failed'),
  target: loadOverviewFx,
});
sample({
  clock: loadOverviewFx,
  source: $overview,
  fn: (overview, keys) => ({
    ...overview,
    ...Object.fromEntries(keys.map((key) => [key, { status: 'loading' } as const])),
  }),
  target: $overview,
});
sample({
  clock: loadOverviewFx.doneData,
  source: $overview,
  fn: (overview, loaded) => ({ ...overview, ...loaded }),
  target: $overview,
});
