import { http, type CreateRobotBody, type Robot } from '@flotilla/shared';

/** `POST /v1/processes`: creates a robot and answers it. */
export function createRobot(body: CreateRobotBody): Promise<Robot> {
  return http.post<Robot>('/v1/processes', { body, inline: true });
}
