import { http, type RobotListResponse } from '@flotilla/shared';

/** `GET /v1/processes?limit=1`: only the total is used. */
export async function countRobots(): Promise<number> {
  const answer = await http.get<RobotListResponse>('/v1/processes', { query: { limit: 1 } });
  return answer.total;
}
