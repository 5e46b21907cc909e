import { http, type ListRobotsQuery, type RobotListResponse } from '@flotilla/shared';

/** `GET /v1/processes`: one page of robots, filtered by keyword on the server. */
export function listRobots(query: ListRobotsQuery): Promise<RobotListResponse> {
  return http.get<RobotListResponse>('/v1/processes', { query });
}
