import { ListRobots, request, type ListRobotsQuery, type RobotListResponse } from '@flotilla/shared';

/** One page of robots, filtered by keyword and tag on the server. */
export function listRobots(query: ListRobotsQuery): Promise<RobotListResponse> {
  return request(ListRobots, { query });
}
