import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { $user, type DashboardSummaryQuery, type DashboardSummaryResponse } from '@flotilla/shared';
import { makeUser } from '../../../test-utils/fake-users';
import {
  $chartsData,
  $chartsRange,
  chartsRangePicked,
  chartsRetryClicked,
  loadSummaryFx,
} from '../dashboard-charts.model';
import { dashboardOpened, loadOverviewFx } from '../dashboard.model';

const RANGE = { from: '2030-01-01', to: '2030-01-30' };
const summaryOf = (query: DashboardSummaryQuery): DashboardSummaryResponse => ({
  from: query.from,
  to: query.to,
  utcOffset: query.utcOffset,
  robots: [],
  answersByDay: [],
  creditsByDay: [],
  topRobots: [],
  feedback: { likes: 0, dislikes: 0 },
  answers: { total: 0, fallbacks: 0 },
  sessionsByShare: [],
  filesByDay: [],
});

describe('dashboard charts model', () => {
  it('loads the range when the dashboard opens, for admins and operators only', async () => {
    const load = vi.fn(async (query: DashboardSummaryQuery) => summaryOf(query));
    const operator = fork({
      values: [
        [$user, makeUser({ role: 'operator' })],
        [$chartsRange, RANGE],
      ],
      handlers: [
        [loadSummaryFx, load],
        [loadOverviewFx, async () => ({})],
      ],
    });
    await allSettled(dashboardOpened, { scope: operator });
    expect(load).toHaveBeenCalledWith(expect.objectContaining(RANGE));
    expect(operator.getState($chartsData)).toMatchObject({ status: 'ready', summary: { from: RANGE.from } });

    const agent = fork({
      values: [[$user, makeUser({ role: 'agent' })]],
      handlers: [
        [loadSummaryFx, load],
        [loadOverviewFx, async () => ({})],
      ],
    });
    await allSettled(dashboardOpened, { scope: agent });
    expect(load).toHaveBeenCalledTimes(1);
    expect(agent.getState($chartsData)).toEqual({ status: 'idle' });
  });

  it('loads a picked range, and keeps a failure until Retry', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('down'))
      .mockImplementation(async (query: DashboardSummaryQuery) => summaryOf(query));
    const scope = fork({ values: [[$user, makeUser({ role: 'admin' })]], handlers: [[loadSummaryFx, load]] });

    await allSettled(chartsRangePicked, { scope, params: { from: '2030-02-01', to: '2030-02-07' } });
    expect(load).toHaveBeenLastCalledWith(expect.objectContaining({ from: '2030-02-01', to: '2030-02-07' }));
    expect(scope.getState($chartsData)).toEqual({ status: 'failed', message: 'down' });

    await allSettled(chartsRetryClicked, { scope });
    expect(scope.getState($chartsData)).toMatchObject({ status: 'ready', summary: { to: '2030-02-07' } });
  });

  it('drops an answer for a range the viewer has left', async () => {
    let finishFirst: (summary: DashboardSummaryResponse) => void = () => {};
    const load = vi
      .fn()
      .mockImplementationOnce(() => new Promise<DashboardSummaryResponse>((resolve) => (finishFirst = resolve)))
      .mockImplementation(async (query: DashboardSummaryQuery) => summaryOf(query));
    const scope = fork({ values: [[$user, makeUser({ role: 'admin' })]], handlers: [[loadSummaryFx, load]] });

    const first = allSettled(chartsRangePicked, { scope, params: { from: '2030-03-01', to: '2030-03-07' } });
    const second = allSettled(chartsRangePicked, { scope, params: { from: '2030-04-01', to: '2030-04-30' } });
    await expect.poll(() => load.mock.calls.length).toBe(2);
    finishFirst(summaryOf({ from: '2030-03-01', to: '2030-03-07', utcOffset: 0 }));
    await Promise.all([first, second]);
    expect(scope.getState($chartsData)).toMatchObject({ status: 'ready', summary: { from: '2030-04-01' } });
  });
});
