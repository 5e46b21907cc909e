import { allSettled, fork } from 'effector';
import { afterEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { fakeRobotsApi, makeRobot } from '../../../test/fake-robots-api';
import {
  $createdRobot,
  $createFailure,
  $createOpen,
  $listStatus,
  $loadFailure,
  $page,
  $query,
  $robots,
  $total,
  createdRobotOpened,
  robotCreateClicked,
  robotCreateSubmitted,
  robotDeleteConfirmed,
  robotSearchChanged,
  robotsPageChanged,
  robotsPageOpened,
  robotsRetryClicked,
} from '../robots.model';

afterEach(() => {
  vi.unstubAllGlobals();
});

const listRequests = (requests: ReturnType<typeof fakeRobotsApi>['requests']) =>
  requests.filter((request) => request.method === 'GET' && request.path === '/v1/processes');

describe('robots model', () => {
  it('loads the first page when the page opens', async () => {
    const { requests } = fakeRobotsApi([makeRobot({ name: 'Sales' }), makeRobot({ name: 'Support' })]);
    const scope = fork();
    await allSettled(robotsPageOpened, { scope });
    expect(scope.getState($listStatus)).toBe('ready');
    expect(scope.getState($robots).map((robot) => robot.name)).toEqual(['Sales', 'Support']);
    expect(scope.getState($total)).toBe(2);
    expect(listRequests(requests)[0]!.query.toString()).toBe('offset=0&limit=20');
  });

  it('searches on the server once the user stops typing', async () => {
    const { requests } = fakeRobotsApi([makeRobot({ name: 'Sales bot' }), makeRobot({ name: 'Support' })]);
    const scope = fork();
    await allSettled(robotsPageOpened, { scope });
    await Promise.all(['s', 'sa', 'sales'].map((text) => allSettled(robotSearchChanged, { scope, params: text })));
    const searches = listRequests(requests).slice(1);
    expect(searches).toHaveLength(1);
    expect(searches[0]!.query.get('keyword')).toBe('sales');
    expect(scope.getState($robots).map((robot) => robot.name)).toEqual(['Sales bot']);
  });

  it('asks the server for the page the user picked', async () => {
    const { requests } = fakeRobotsApi(Array.from({ length: 25 }, () => makeRobot()));
    const scope = fork();
    await allSettled(robotsPageOpened, { scope });
    await allSettled(robotsPageChanged, { scope, params: 2 });
    expect(listRequests(requests).at(-1)!.query.get('offset')).toBe('20');
    expect(scope.getState($page)).toBe(2);
    expect(scope.getState($robots)).toHaveLength(5);
  });

  it('creates a robot, closes the form and refreshes the list from the first page', async () => {
    const { requests } = fakeRobotsApi(Array.from({ length: 25 }, () => makeRobot()));
    const scope = fork();
    await allSettled(robotsPageOpened, { scope });
    await allSettled(robotsPageChanged, { scope, params: 2 });
    await allSettled(robotCreateClicked, { scope });
    expect(scope.getState($createOpen)).toBe(true);

    await allSettled(robotCreateSubmitted, { scope, params: { name: '  Concierge ', description: ' ', type: 'flow' } });

    const post = requests.find((request) => request.method === 'POST');
    expect(post!.body).toEqual({ name: 'Concierge', type: 'flow' });
    expect(scope.getState($createOpen)).toBe(false);
    expect(scope.getState($query).offset).toBe(0);
    expect(scope.getState($robots)[0]!.name).toBe('Concierge');
    expect(scope.getState($total)).toBe(26);
    // The page opens the new robot, once.
    expect(scope.getState($createdRobot)?.name).toBe('Concierge');
    await allSettled(createdRobotOpened, { scope });
    expect(scope.getState($createdRobot)).toBeNull();
  });

  it('keeps the form open with the server message when creating fails', async () => {
    fakeRobotsApi([], (request) =>
      request.method === 'POST'
        ? { status: 409, body: { code: 'CONFLICT', message: 'A robot with this name exists' } }
        : undefined,
    );
    const scope = fork();
    await allSettled(robotsPageOpened, { scope });
    await allSettled(robotCreateClicked, { scope });
    await allSettled(robotCreateSubmitted, { scope, params: { name: 'Twin' } });
    expect(scope.getState($createOpen)).toBe(true);
    expect(scope.getState($createFailure)).toEqual({
      status: 409,
      code: 'CONFLICT',
      message: 'A robot with this name exists',
    });
    expect(scope.getState($robots)).toEqual([]);
  });

  it('deletes a robot and reloads the list', async () => {
    const doomed = makeRobot({ name: 'Old' });
    const { requests } = fakeRobotsApi([doomed, makeRobot({ name: 'Kept' })]);
    const scope = fork();
    await allSettled(robotsPageOpened, { scope });
    await allSettled(robotDeleteConfirmed, { scope, params: doomed });
    expect(
      requests.some((request) => request.method === 'DELETE' && request.path === `/v1/processes/${doomed.processId}`),
    ).toBe(true);
    expect(listRequests(requests)).toHaveLength(2);
    expect(scope.getState($robots).map((robot) => robot.name)).toEqual(['Kept']);
    expect(scope.getState($total)).toBe(1);
  });

  it('goes back a page when the last robot of a page is deleted', async () => {
    const robots = Array.from({ length: 21 }, () => makeRobot());
    fakeRobotsApi(robots);
    const scope = fork();
    await allSettled(robotsPageOpened, { scope });
    await allSettled(robotsPageChanged, { scope, params: 2 });
    await allSettled(robotDeleteConfirmed, { scope, params: robots[20]! });
    expect(scope.getState($page)).toBe(1);
    expect(scope.getState($robots)).toHaveLength(20);
  });

  it('shows the error state when the list fails, and recovers on retry', async () => {
    let failing = true;
    fakeRobotsApi([makeRobot({ name: 'Back again' })], () =>
      failing ? { status: 500, body: { code: 'INTERNAL', message: 'Internal server error' } } : undefined,
    );
    const scope = fork();
    await allSettled(robotsPageOpened, { scope });
    expect(scope.getState($listStatus)).toBe('error');
    expect(scope.getState($loadFailure)).toEqual({ status: 500, code: 'INTERNAL', message: 'Internal server error' });

    failing = false;
    await allSettled(robotsRetryClicked, { scope });
    expect(scope.getState($listStatus)).toBe('ready');
    expect(scope.getState($loadFailure)).toBeNull();
    expect(scope.getState($robots).map((robot) => robot.name)).toEqual(['Back again']);
  });
});
