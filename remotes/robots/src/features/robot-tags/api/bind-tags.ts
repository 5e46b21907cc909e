import { http, type BindRobotTagsBody, type Robot } from '@flotilla/shared';

/** `POST /v1/processes/tag/bind`: the robot's tags become exactly `tagIds`; answers the robot. */
export function bindTags(body: BindRobotTagsBody): Promise<Robot> {
  return http.post<Robot>('/v1/processes/tag/bind', { body });
}
