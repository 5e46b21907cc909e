import { allSettled, fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refuse } from '@flotilla/shared/test';
import { fakeCasesApi, listRequests, makeCase, makeRobot, makeTeam } from '../../../test/fake-cases-api';
import {
  $cases,
  $dateRange,
  $hasFilters,
  $listStatus,
  $loadFailure,
  $page,
  $robotOptions,
  $searchText,
  $teamOptions,
  $statusFilter,
  $total,
  caseDateRangeChanged,
  caseFiltersCleared,
  caseRobotFilterChanged,
  caseSearchChanged,
  caseStatusFilterChanged,
  caseTeamFilterChanged,
  casesPageChanged,
  casesPageOpened,
  casesRetryClicked,
} from '../cases.model';

afterEach(() => {
  vi.unstubAllGlobals();
});

type Requests = ReturnType<typeof fakeCasesApi>['requests'];
const lastQuery = (requests: Requests) => listRequests(requests).at(-1)!.query.toString();

describe('cases model', () => {
  it('loads the first page when the page opens', async () => {
    const { requests } = fakeCasesApi([makeCase({ title: 'Refund request' }), makeCase({ title: 'New lead' })]);
    const scope = fork();
    await allSettled(casesPageOpened, { scope });
    expect(scope.getState($listStatus)).toBe('ready');
    expect(scope.getState($cases).map((item) => item.title)).toEqual(['Refund request', 'New lead']);
    expect(scope.getState($total)).toBe(2);
    expect(lastQuery(requests)).toBe('offset=0&limit=20');
  });

  it('filters by status on the server, back to the first page', async () => {
    const { requests } = fakeCasesApi([
      ...Array.from({ length: 25 }, () => makeCase({ status: 'new' })),
      makeCase({ title: 'Call back', status: 'in_progress' }),
    ]);
    const scope = fork();
    await allSettled(casesPageOpened, { scope });
    await allSettled(casesPageChanged, { scope, params: 2 });
    expect(lastQuery(requests)).toBe('offset=20&limit=20');

    await allSettled(caseStatusFilterChanged, { scope, params: 'in_progress' });
    expect(lastQuery(requests)).toBe('offset=0&limit=20&status=in_progress');
    expect(scope.getState($statusFilter)).toBe('in_progress');
    expect(scope.getState($page)).toBe(1);
    expect(scope.getState($cases).map((item) => item.title)).toEqual(['Call back']);

    await allSettled(caseStatusFilterChanged, { scope, params: null });
    expect(lastQuery(requests)).toBe('offset=0&limit=20');
    expect(scope.getState($total)).toBe(26);
  });

  it('searches once the user stops typing, keeping the status filter', async () => {
    const { requests } = fakeCasesApi([
      makeCase({ customer: 'Han Meimei', status: 'closed' }),
      makeCase({ customer: 'Li Lei', status: 'closed' }),
    ]);
    const scope = fork();
    await allSettled(casesPageOpened, { scope });
    await allSettled(caseStatusFilterChanged, { scope, params: 'closed' });
    const before = listRequests(requests).length;
    await Promise.all(['h', 'ha', 'han'].map((text) => allSettled(caseSearchChanged, { scope, params: text })));
    expect(listRequests(requests).length - before).toBe(1);
    expect(lastQuery(requests)).toBe('offset=0&limit=20&status=closed&keyword=han');
    expect(scope.getState($cases).map((item) => item.customer)).toEqual(['Han Meimei']);
  });

  it('clears the search and the status filter together', async () => {
    const { requests } = fakeCasesApi([makeCase()]);
    const scope = fork();
    await allSettled(casesPageOpened, { scope });
    await allSettled(caseStatusFilterChanged, { scope, params: 'new' });
    await allSettled(caseSearchChanged, { scope, params: 'nobody' });
    expect(scope.getState($hasFilters)).toBe(true);
    expect(scope.getState($cases)).toEqual([]);

    await allSettled(caseFiltersCleared, { scope });
    expect(lastQuery(requests)).toBe('offset=0&limit=20');
    expect(scope.getState($searchText)).toBe('');
    expect(scope.getState($hasFilters)).toBe(false);
    expect(scope.getState($cases)).toHaveLength(1);
  });

  it('shows the error state when the list fails, and recovers on retry', async () => {
    let failing = true;
    fakeCasesApi([makeCase({ title: 'Refund request' })], () =>
      failing ? refuse(500, 'INTERNAL', 'Internal server error') : undefined,
    );
    const scope = fork();
    await allSettled(casesPageOpened, { scope });
    expect(scope.getState($listStatus)).toBe('error');
    expect(scope.getState($loadFailure)).toEqual({ status: 500, code: 'INTERNAL', message: 'Internal server error' });

    failing = false;
    await allSettled(casesRetryClicked, { scope });
    expect(scope.getState($listStatus)).toBe('ready');
    expect(scope.getState($cases).map((item) => item.title)).toEqual(['Refund request']);
  });
});

describe('cases model filters', () => {
  it('sends the robot, team and days filters to the server and offers the robots and teams', async () => {
    const { requests } = fakeCasesApi(
      [
        makeCase({ title: 'Lead A', processId: 'p1', teamId: 't1', createdAt: '2024-05-01T08:00:00.000Z' }),
        makeCase({ title: 'Lead B', processId: 'p2', teamId: 't1', createdAt: '2024-05-03T08:00:00.000Z' }),
      ],
      undefined,
      {
        robots: [makeRobot('p1', 'Sales robot'), makeRobot('p2', 'Service robot')],
        teams: [makeTeam('t1', 'East sales')],
      },
    );
    const scope = fork();
    await allSettled(casesPageOpened, { scope });
    expect(scope.getState($robotOptions)).toEqual([
      { id: 'p1', name: 'Sales robot' },
      { id: 'p2', name: 'Service robot' },
    ]);
    expect(scope.getState($teamOptions)).toEqual([{ id: 't1', name: 'East sales' }]);

    await allSettled(caseRobotFilterChanged, { scope, params: 'p2' });
    expect(lastQuery(requests)).toBe('offset=0&limit=20&processId=p2');
    await allSettled(caseTeamFilterChanged, { scope, params: 't1' });
    expect(lastQuery(requests)).toBe('offset=0&limit=20&processId=p2&teamId=t1');
    expect(scope.getState($cases).map((item) => item.title)).toEqual(['Lead B']);

    await allSettled(caseRobotFilterChanged, { scope, params: null });
    const range = { from: '2024-05-01T00:00:00.000Z', to: '2024-05-02T00:00:00.000Z' };
    await allSettled(caseDateRangeChanged, { scope, params: range });
    expect(Object.fromEntries(listRequests(requests).at(-1)!.query)).toEqual({
      offset: '0',
      limit: '20',
      teamId: 't1',
      ...range,
    });
    expect(scope.getState($dateRange)).toEqual(range);
    expect(scope.getState($cases).map((item) => item.title)).toEqual(['Lead A']);

    await allSettled(caseFiltersCleared, { scope });
    expect(lastQuery(requests)).toBe('offset=0&limit=20');
    expect(scope.getState($dateRange)).toBeNull();
  });
});
