import { CreateRobotTag, request, type CreateRobotTagBody, type RobotTag } from '@flotilla/shared';

/** A new tag; 409 when the name is taken. */
export function createTag(body: CreateRobotTagBody): Promise<RobotTag> {
  return request(CreateRobotTag, { body, inline: true });
}
