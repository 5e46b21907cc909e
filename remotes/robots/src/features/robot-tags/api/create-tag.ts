import { http, type CreateRobotTagBody, type RobotTag } from '@flotilla/shared';

/** `POST /v1/processes/tag`: a new tag; 409 when the name is taken. */
export function createTag(body: CreateRobotTagBody): Promise<RobotTag> {
  return http.post<RobotTag>('/v1/processes/tag', { body, inline: true });
}
