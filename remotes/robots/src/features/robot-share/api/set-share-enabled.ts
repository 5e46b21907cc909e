import { http, type ShareSettings } from '@flotilla/shared';
import type { RobotRef } from '../../../lib/robot-ref';
import { sharePath } from '../../../lib/share-path';

/** `PUT /v1/users/{adminId}/processes/{processId}/share/enable|disable`; answers the settings. */
export function setShareEnabled({ robot, enabled }: { robot: RobotRef; enabled: boolean }): Promise<ShareSettings> {
  return http.put<ShareSettings>(`${sharePath(robot)}/${enabled ? 'enable' : 'disable'}`);
}
