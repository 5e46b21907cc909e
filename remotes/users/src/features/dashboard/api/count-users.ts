import { http, type UserListResponse } from '@flotilla/shared';

/** `GET /v1/users/list?limit=1` (admin only): only the total is used. */
export async function countUsers(): Promise<number> {
  const answer = await http.get<UserListResponse>('/v1/users/list', { query: { limit: 1 } });
  return answer.total;
}
