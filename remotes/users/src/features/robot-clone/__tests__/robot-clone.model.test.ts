import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { HttpError, type CloneRobotsBatchBody, type Task } from '@flotilla/shared';
import {
  $cloneError,
  $pickedRobotIds,
  $queuedTask,
  $robotNames,
  cloneDialogOpened,
  cloneRobotsFx,
  cloneSubmitted,
  loadRobotOptionsFx,
  robotsPicked,
  robotsSearched,
} from '../robot-clone.model';

const task: Task = {
  id: 't1',
  type: 'cloneRobots',
  status: 'queued',
  progress: 0,
  title: 'A × 2',
  datasetId: null,
  fileId: null,
  databaseId: null,
  attempts: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('robot-clone model', () => {
  it('queues the picked robots for the ticked users and keeps the task', async () => {
    const clone = vi.fn(async (_: CloneRobotsBatchBody) => task);
    const robots = vi.fn(async (keyword: string) =>
      keyword ? [{ id: 'r2', name: 'Beta' }] : [{ id: 'r1', name: 'Alpha' }],
    );
    const scope = fork({
      handlers: [
        [cloneRobotsFx, clone],
        [loadRobotOptionsFx, robots],
      ],
    });

    await allSettled(cloneDialogOpened, { scope, params: ['u1', 'u2'] });
    expect(robots).toHaveBeenLastCalledWith('');
    await allSettled(robotsPicked, { scope, params: ['r1'] });
    await allSettled(robotsSearched, { scope, params: ' be ' });
    expect(robots).toHaveBeenLastCalledWith('be');
    await allSettled(robotsPicked, { scope, params: ['r1', 'r2'] });
    // A picked robot keeps its name while a search shows others.
    expect(scope.getState($robotNames)).toEqual({ r1: 'Alpha', r2: 'Beta' });
    await allSettled(cloneSubmitted, { scope });

    expect(clone).toHaveBeenCalledWith({ processIds: ['r1', 'r2'], userIds: ['u1', 'u2'] });
    expect(scope.getState($queuedTask)).toEqual(task);
  });

  it('sends nothing without a robot, and shows a refusal', async () => {
    const clone = vi.fn(async () => {
      throw new HttpError(404, 'USER_NOT_FOUND', 'gone', {});
    });
    const scope = fork({
      handlers: [
        [cloneRobotsFx, clone],
        [loadRobotOptionsFx, async () => []],
      ],
    });

    await allSettled(cloneDialogOpened, { scope, params: ['u1'] });
    await allSettled(cloneSubmitted, { scope });
    expect(clone).not.toHaveBeenCalled();

    await allSettled(robotsPicked, { scope, params: ['r1'] });
    await allSettled(cloneSubmitted, { scope });
    expect(scope.getState($cloneError)?.code).toBe('USER_NOT_FOUND');
    expect(scope.getState($queuedTask)).toBeNull();

    // Opening again starts afresh.
    await allSettled(cloneDialogOpened, { scope, params: ['u3'] });
    expect(scope.getState($pickedRobotIds)).toEqual([]);
    expect(scope.getState($cloneError)).toBeNull();
  });
});
