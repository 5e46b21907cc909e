import { http, type Robot, type UpdateRobotBody } from '@flotilla/shared';

/** `PUT /v1/processes/{processId}`: changes the fields given (name, description, icon); answers the robot. */
export function updateRobot({ processId, body }: { processId: string; body: UpdateRobotBody }): Promise<Robot> {
  return http.put<Robot>(`/v1/processes/${encodeURIComponent(processId)}`, { body, inline: true });
}
