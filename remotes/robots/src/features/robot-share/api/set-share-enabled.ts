import { DisableShare, EnableShare, request, type ShareSettings } from '@flotilla/shared';
import type { RobotRef } from '../../../lib/robot-ref';

/** Turns the robot's share on or off; answers the settings. */
export function setShareEnabled({ robot, enabled }: { robot: RobotRef; enabled: boolean }): Promise<ShareSettings> {
  return request(enabled ? EnableShare : DisableShare, { params: robot });
}
