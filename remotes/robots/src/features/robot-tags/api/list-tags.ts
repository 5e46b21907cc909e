import { ListRobotTags, request, type RobotTagListResponse } from '@flotilla/shared';

/** Every robot tag of the tenant, by name. */
export function listTags(): Promise<RobotTagListResponse> {
  return request(ListRobotTags);
}
