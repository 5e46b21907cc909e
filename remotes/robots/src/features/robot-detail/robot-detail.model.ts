import { createItemLoader, type Robot } from '@flotilla/shared';
import { getRobot } from './api/get-robot';

/** One robot of the tenant, loaded by the id of the route. */
const robotDetail = createItemLoader<Robot>({ fetchOne: getRobot, itemKey: (robot) => robot.processId });

/** The detail page was opened for a robot id (the route's id is optional, so it may be missing). */
export const robotDetailOpened = robotDetail.opened;
/** The user asked to load the robot again after a failure. */
export const robotDetailRetryClicked = robotDetail.reloadRequested;

export const loadRobotFx = robotDetail.loadFx;

export const $robotId = robotDetail.$id;
export const $robot = robotDetail.$item;
export const $detailStatus = robotDetail.$status;
export const $detailFailure = robotDetail.$failure;
