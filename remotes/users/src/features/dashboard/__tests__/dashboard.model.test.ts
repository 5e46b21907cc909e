import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { $user } from '@flotilla/shared';
import { makeUser } from '../../../test-utils/fake-users';
import {
  $overview,
  dashboardOpened,
  loadOverviewFx,
  overviewKeysFor,
  overviewRetryClicked,
  type OverviewKey,
} from '../dashboard.model';

describe('dashboard model', () => {
  it('counts users for admins only', () => {
    expect(overviewKeysFor('admin')).toEqual(['robots', 'datasets', 'cases', 'users']);
    expect(overviewKeysFor('operator')).toEqual(['robots', 'datasets', 'cases']);
    expect(overviewKeysFor(null)).toEqual([]);
  });

  it('loads the cards of the role and keeps each result', async () => {
    const load = vi.fn(async (keys: OverviewKey[]) =>
      Object.fromEntries(keys.map((key, index) => [key, { status: 'ready' as const, total: index + 1 }])),
    );
    const scope = fork({ values: [[$user, makeUser({ role: 'operator' })]], handlers: [[loadOverviewFx, load]] });

    await allSettled(dashboardOpened, { scope });

    expect(load).toHaveBeenCalledWith(['robots', 'datasets', 'cases']);
    expect(scope.getState($overview)).toEqual({
      robots: { status: 'ready', total: 1 },
      datasets: { status: 'ready', total: 2 },
      cases: { status: 'ready', total: 3 },
    });
  });

  it('retries only the cards that failed', async () => {
    const load = vi
      .fn()
      .mockResolvedValueOnce({ robots: { status: 'ready', total: 5 }, datasets: { status: 'failed', message: 'down' } })
      .mockResolvedValueOnce({ datasets: { status: 'ready', total: 2 } });
    const scope = fork({ values: [[$user, makeUser({ role: 'admin' })]], handlers: [[loadOverviewFx, load]] });

    await allSettled(dashboardOpened, { scope });
    await allSettled(overviewRetryClicked, { scope });

    expect(load).toHaveBeenLastCalledWith(['datasets']);
    expect(scope.getState($overview)).toMatchObject({ robots: { total: 5 }, datasets: { status: 'ready', total: 2 } });
  });
});
