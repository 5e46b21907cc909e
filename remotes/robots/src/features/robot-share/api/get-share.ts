import { http, type ShareSettings } from '@flotilla/shared';
import type { RobotRef } from '../../../lib/robot-ref';
import { sharePath } from '../../../lib/share-path';

/** `GET /v1/users/{adminId}/processes/{processId}/share`: the robot's share settings (with its preset). */
export function getShare(robot: RobotRef): Promise<ShareSettings> {
  return http.get<ShareSettings>(sharePath(robot));
}
