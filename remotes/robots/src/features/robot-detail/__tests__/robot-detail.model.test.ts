import { allSettled, fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeRobotsApi, makeRobot } from '../../../test/fake-robots-api';
import {
  $detailFailure,
  $detailStatus,
  $robot,
  robotDetailOpened,
  robotDetailRetryClicked,
} from '../robot-detail.model';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('robot detail model', () => {
  it('loads the robot of the route', async () => {
    const robot = makeRobot({ name: 'Concierge' });
    fakeRobotsApi([robot]);
    const scope = fork();
    await allSettled(robotDetailOpened, { scope, params: robot.processId });
    expect(scope.getState($detailStatus)).toBe('ready');
    expect(scope.getState($robot)).toEqual(robot);
  });

  it('says not found on 404 and when the route has no id', async () => {
    const { requests } = fakeRobotsApi([]);
    const scope = fork();
    await allSettled(robotDetailOpened, { scope, params: 'missing' });
    expect(scope.getState($detailStatus)).toBe('not-found');

    await allSettled(robotDetailOpened, { scope, params: undefined });
    expect(scope.getState($detailStatus)).toBe('not-found');
    expect(requests).toHaveLength(1);
  });

  it('shows an error on other failures and loads again on retry', async () => {
    const robot = makeRobot();
    let failing = true;
    fakeRobotsApi([robot], () => (failing ? { status: 500, body: { code: 'INTERNAL', message: 'Boom' } } : undefined));
    const scope = fork();
    await allSettled(robotDetailOpened, { scope, params: robot.processId });
    expect(scope.getState($detailStatus)).toBe('error');
    expect(scope.getState($detailFailure)?.message).toBe('Boom');

    failing = false;
    await allSettled(robotDetailRetryClicked, { scope });
    expect(scope.getState($detailStatus)).toBe('ready');
    expect(scope.getState($robot)?.processId).toBe(robot.processId);
  });
});
