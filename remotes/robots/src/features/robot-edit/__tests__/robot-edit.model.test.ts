import { allSettled, fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeRobotsApi, makeRobot } from '../../../test/fake-robots-api';
import { $robot, robotDetailOpened } from '../../robot-detail/robot-detail.model';
import { $robots, robotsPageOpened } from '../../robots/robots.model';
import {
  $editedRobot,
  $editFailure,
  editedRobotIcon,
  robotEditCancelled,
  robotEditClicked,
  robotEditSubmitted,
} from '../robot-edit.model';

afterEach(() => {
  vi.unstubAllGlobals();
});

const puts = (requests: ReturnType<typeof fakeRobotsApi>['requests']) =>
  requests.filter((request) => request.method === 'PUT');

describe('robot edit model', () => {
  it('opens with the robot and its icon, saves the trimmed fields and shows the new name in the list and the detail', async () => {
    const robot = makeRobot({ name: 'Sales', description: 'Pricing', icon: '/files/icons/sales.png' });
    const { requests } = fakeRobotsApi([robot, makeRobot({ name: 'Support' })]);
    const scope = fork();
    await allSettled(robotsPageOpened, { scope });
    await allSettled(robotDetailOpened, { scope, params: robot.processId });

    await allSettled(robotEditClicked, { scope, params: robot });
    expect(scope.getState($editedRobot)?.processId).toBe(robot.processId);
    expect(scope.getState(editedRobotIcon.$icon)).toBe('/files/icons/sales.png');

    await allSettled(robotEditSubmitted, {
      scope,
      params: { name: '  Sales desk ', description: ' Prices and discounts ' },
    });
    expect(puts(requests).map(({ path, body }) => ({ path, body }))).toEqual([
      {
        path: `/v1/processes/${robot.processId}`,
        body: { name: 'Sales desk', description: 'Prices and discounts', icon: '/files/icons/sales.png' },
      },
    ]);
    expect(scope.getState($editedRobot)).toBeNull();
    expect(scope.getState($robots).map((item) => item.name)).toEqual(['Sales desk', 'Support']);
    expect(scope.getState($robot)?.name).toBe('Sales desk');
  });

  it('sends no icon once the user removed it', async () => {
    const robot = makeRobot({ name: 'Sales', icon: '/files/icons/sales.png' });
    const { requests } = fakeRobotsApi([robot]);
    const scope = fork();
    await allSettled(robotEditClicked, { scope, params: robot });
    await allSettled(editedRobotIcon.removed, { scope });
    await allSettled(robotEditSubmitted, { scope, params: { name: 'Sales' } });
    expect(puts(requests)[0]!.body).toEqual({ name: 'Sales', description: '', icon: '' });
  });

  it('keeps the form open with the reason when the server refuses, and forgets it when closed', async () => {
    const robot = makeRobot({ name: 'Sales' });
    fakeRobotsApi([robot], (request) =>
      request.method === 'PUT'
        ? { status: 422, body: { detail: [{ loc: ['body', 'name'], msg: 'The name is too long', type: 'maxLength' }] } }
        : undefined,
    );
    const scope = fork();
    await allSettled(robotEditClicked, { scope, params: robot });
    await allSettled(robotEditSubmitted, { scope, params: { name: 'Sales' } });
    expect(scope.getState($editedRobot)?.processId).toBe(robot.processId);
    expect(scope.getState($editFailure)?.message).toBe('The name is too long');
    await allSettled(robotEditCancelled, { scope });
    expect(scope.getState($editedRobot)).toBeNull();
    expect(scope.getState($editFailure)).toBeNull();
  });
});
