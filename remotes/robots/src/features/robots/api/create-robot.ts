import { CreateRobot, request, type CreateRobotBody, type Robot } from '@flotilla/shared';

/** Creates a robot and answers it. */
export function createRobot(body: CreateRobotBody): Promise<Robot> {
  return request(CreateRobot, { body, inline: true });
}
