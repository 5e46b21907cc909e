import { http, type Robot } from '@flotilla/shared';

/** `GET /v1/processes/{processId}/clone`: copies the robot (a write behind GET, as specified); answers the copy. */
export function cloneRobot(processId: string): Promise<Robot> {
  return http.get<Robot>(`/v1/processes/${encodeURIComponent(processId)}/clone`);
}
