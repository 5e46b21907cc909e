import { http, type ListUsersQuery, type UserListResponse } from '@flotilla/shared';

/** `GET /v1/users/list`: one page of the tenant's users, filtered on the server (admin only). */
export function listUsers(query: ListUsersQuery): Promise<UserListResponse> {
  return http.get<UserListResponse>('/v1/users/list', { query });
}
