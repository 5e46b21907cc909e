import { http, type ShareSettings, type UpdateShareBody } from '@flotilla/shared';
import type { RobotRef } from '../../../lib/robot-ref';
import { sharePath } from '../../../lib/share-path';

/** `PUT /v1/users/{adminId}/processes/{processId}/share`: changes the fields given; answers the settings. */
export function updateShare({ robot, body }: { robot: RobotRef; body: UpdateShareBody }): Promise<ShareSettings> {
  return http.put<ShareSettings>(sharePath(robot), { body, inline: true });
}
