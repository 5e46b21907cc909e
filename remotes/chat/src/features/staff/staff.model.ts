import { createEffect, createEvent, createStore, sample } from 'effector';
import { HttpError, type Robot } from '@flotilla/shared';
import { getRobot } from './api/get-robot';

/** What a staff member's debug chat shows of its robot. */
export type RobotState =
  | { status: 'loading' }
  | { status: 'ready'; robot: Robot }
  | { status: 'not-found' }
  | { status: 'failed'; message: string };

/** The console opened the debug chat of this robot (`./ChatPanel` with `processId`). */
export const staffChatOpened = createEvent<string>();
/** The staff member pressed Retry after a failure. */
export const robotRetryClicked = createEvent<string>();

export const loadRobotFx = createEffect<string, Robot, Error>(getRobot);

/** Keyed by robot id, as the shares are. */
export const $robots = createStore<Record<string, RobotState>>({});

sample({
  clock: [staffChatOpened, robotRetryClicked],
  source: $robots,
  filter: (robots, processId) => robots[processId]?.status !== 'loading',
  fn: (_, processId) => processId,
  target: loadRobotFx,
});
sample({
  clock: loadRobotFx,
  source: $robots,
  filter: (robots, processId) => robots[processId]?.status !== 'ready',
  fn: (robots, processId) => ({ ...robots, [processId]: { status: 'loading' } as const }),
  target: $robots,
});
sample({
  clock: loadRobotFx.done,
  source: $robots,
  fn: (robots, { params, result }) => ({ ...robots, [params]: { status: 'ready', robot: result } as const }),
  target: $robots,
});
sample({
  clock: loadRobotFx.fail,
  source: $robots,
  fn: (robots, { params, error }): Record<string, RobotState> => ({
    ...robots,
    [params]: error instanceof HttpError && error.status === 404 ? { status: 'not-found' } : { status: 'failed', message: error.message },
  }),
  target: $robots,
});
