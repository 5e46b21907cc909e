import { createEffect, createEvent, createStore, sample } from 'effector';
import { toFailure, type Failure, type Robot } from '@flotilla/shared';
import { getRobot } from './api/get-robot';

export type DetailStatus = 'loading' | 'ready' | 'not-found' | 'error';

/** The detail page was opened for a robot id (the route's id is optional, so it may be missing). */
export const robotDetailOpened = createEvent<string | undefined>();
/** The user asked to load the robot again after a failure. */
export const robotDetailRetryClicked = createEvent();

const robotLoaded = createEvent<Robot>();
const robotLoadFailed = createEvent<Failure>();

export const loadRobotFx = createEffect(getRobot);

export const $robotId = createStore<string | null>(null, { skipVoid: false }).on(robotDetailOpened, (_, id) => id || null);
export const $robot = createStore<Robot | null>(null, { skipVoid: false })
  .on(robotDetailOpened, (robot, id) => (robot && robot.processId === id ? robot : null))
  .on(robotLoaded, (_, robot) => robot);
export const $detailStatus = createStore<DetailStatus>('loading')
  .on(loadRobotFx, () => 'loading')
  .on(robotLoaded, () => 'ready')
  .on(robotLoadFailed, (_, failure) => (failure.status === 404 ? 'not-found' : 'error'));
export const $detailFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on(robotLoadFailed, (_, failure) => failure)
  .reset(robotLoaded, robotDetailOpened);

sample({ clock: robotDetailOpened, filter: (id): id is string => Boolean(id), target: loadRobotFx });
sample({ clock: robotDetailOpened, filter: (id) => !id, fn: (): DetailStatus => 'not-found', target: $detailStatus });
sample({ clock: robotDetailRetryClicked, source: $robotId, filter: (id): id is string => id !== null, target: loadRobotFx });

// Only the answer for the robot on screen counts (the user may have moved on to another one).
sample({
  clock: loadRobotFx.done,
  source: $robotId,
  filter: (id, { params }) => id === params,
  fn: (_, { result }) => result,
  target: robotLoaded,
});
sample({
  clock: loadRobotFx.fail,
  source: $robotId,
  filter: (id, { params }) => id === params,
  fn: (_, { error }) => toFailure(error),
  target: robotLoadFailed,
});
