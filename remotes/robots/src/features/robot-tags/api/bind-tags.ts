import { BindRobotTags, request, type BindRobotTagsBody, type Robot } from '@flotilla/shared';

/** The robot's tags become exactly `tagIds`; answers the robot. */
export function bindTags(body: BindRobotTagsBody): Promise<Robot> {
  return request(BindRobotTags, { body });
}
