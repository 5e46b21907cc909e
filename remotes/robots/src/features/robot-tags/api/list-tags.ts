import { http, type RobotTagListResponse } from '@flotilla/shared';

/** `GET /v1/processes/allTags`: every robot tag of the tenant, by name. */
export function listTags(): Promise<RobotTagListResponse> {
  return http.get<RobotTagListResponse>('/v1/processes/allTags');
}
