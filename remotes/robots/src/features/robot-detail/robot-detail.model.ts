import { createEffect, createEvent, createStore, sample } from 'effector';
import { createItemLoader, toFailure, type Failure, type Robot } from '@flotilla/shared';
import { showSuccessFx } from '@flotilla/shared/ui';
import { cloneRobot } from './api/clone-robot';
import { getRobot } from './api/get-robot';
import { setRobotEnabled } from './api/set-robot-enabled';

/** One robot of the tenant, loaded by the id of the route. */
const robotDetail = createItemLoader<Robot>({ fetchOne: getRobot, itemKey: (robot) => robot.processId });

/** The detail page was opened for a robot id (the route's id is optional, so it may be missing). */
export const robotDetailOpened = robotDetail.opened;
/** The user asked to load the robot again after a failure. */
export const robotDetailRetryClicked = robotDetail.reloadRequested;
/** The user confirmed turning the robot on (`true`) or off (`false`). */
export const robotEnabledToggled = createEvent<boolean>();
/** The user confirmed copying the robot. */
export const robotCloneConfirmed = createEvent();

export const loadRobotFx = robotDetail.loadFx;
export const setRobotEnabledFx = createEffect(setRobotEnabled);
export const cloneRobotFx = createEffect(cloneRobot);

export const $robotId = robotDetail.$id;
export const $robot = robotDetail.$item;
export const $detailStatus = robotDetail.$status;
export const $detailFailure = robotDetail.$failure;
export const $enabling = setRobotEnabledFx.pending;
export const $cloning = cloneRobotFx.pending;
/** The copy just made, for the page to open it; cleared when a detail page opens. */
export const $clonedRobot = createStore<Robot | null>(null, { skipVoid: false })
  .on(cloneRobotFx.doneData, (_, robot) => robot)
  .reset(robotDetailOpened);
/** Why enabling, disabling or cloning failed, until the next try or page. */
export const $actionFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on([setRobotEnabledFx.failData, cloneRobotFx.failData], (_, error) => toFailure(error))
  .reset(robotDetailOpened, robotEnabledToggled, robotCloneConfirmed);

sample({
  clock: robotEnabledToggled,
  source: { id: $robotId, busy: $enabling },
  filter: ({ id, busy }) => id !== null && !busy,
  fn: ({ id }, enabled) => ({ processId: id as string, enabled }),
  target: setRobotEnabledFx,
});
// The server answers the robot: load it again (through the loader, which keeps it on screen meanwhile).
sample({
  clock: setRobotEnabledFx.done,
  source: $robotId,
  filter: (id, { params }) => id === params.processId,
  fn: (id) => id as string,
  target: loadRobotFx,
});
sample({
  clock: setRobotEnabledFx.done,
  fn: ({ params }) => ({ id: params.enabled ? 'robots.detail.enabled' : 'robots.detail.disabled' }),
  target: showSuccessFx,
});

sample({
  clock: robotCloneConfirmed,
  source: { id: $robotId, busy: $cloning },
  filter: ({ id, busy }) => id !== null && !busy,
  fn: ({ id }) => id as string,
  target: cloneRobotFx,
});
sample({ clock: cloneRobotFx.done, fn: () => ({ id: 'robots.detail.cloned' }), target: showSuccessFx });
