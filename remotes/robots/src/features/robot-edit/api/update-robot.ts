import { request, UpdateRobot, type Robot, type UpdateRobotBody } from '@flotilla/shared';

/** Changes the fields given of the robot (name, description, icon); answers the robot. */
export function updateRobot({ processId, body }: { processId: string; body: UpdateRobotBody }): Promise<Robot> {
  return request(UpdateRobot, { params: { processId }, body, inline: true });
}
