import { createEffect, createEvent } from 'effector';
import type { Robot } from '@flotilla/shared';
import { createKeyedLoader, type LoadState } from '../chat/lib/keyed-loader';
import { getRobot } from './api/get-robot';

/** What a staff member's debug chat shows of its robot. */
export type RobotState = LoadState<{ status: 'ready'; robot: Robot }>;

/** The console opened the debug chat of this robot (`./ChatPanel` with `processId`). */
export const staffChatOpened = createEvent<string>();
/** The staff member pressed Retry after a failure. */
export const robotRetryClicked = createEvent<string>();

export const loadRobotFx = createEffect<string, Robot, Error>(getRobot);

/** Keyed by robot id, as the shares are. */
export const $robots = createKeyedLoader<Robot, Extract<RobotState, { status: 'ready' }>>({
  clock: [staffChatOpened, robotRetryClicked],
  load: loadRobotFx,
  ready: (robot) => ({ status: 'ready', robot }),
});
