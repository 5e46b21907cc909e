import { http, type Robot } from '@flotilla/shared';
import { segment } from '../../chat/chat-target';

/** `GET /v1/processes/{processId}` (staff): the robot of a debug chat, for its name and icon. */
export function getRobot(processId: string): Promise<Robot> {
  return http.get<Robot>(`/v1/processes/${segment(processId)}`);
}
