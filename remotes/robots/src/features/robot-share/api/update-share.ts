import { request, UpdateShare, type ShareSettings, type UpdateShareBody } from '@flotilla/shared';
import type { RobotRef } from '../../../lib/robot-ref';

/** Changes the fields given of the robot's share settings; answers the settings. */
export function updateShare({ robot, body }: { robot: RobotRef; body: UpdateShareBody }): Promise<ShareSettings> {
  return request(UpdateShare, { params: robot, body, inline: true });
}
