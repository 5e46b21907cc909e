import { ListUsers, request, type ListUsersQuery, type UserListResponse } from '@flotilla/shared';

/** One page of the tenant's users, filtered on the server (admin only). */
export function listUsers(query: ListUsersQuery): Promise<UserListResponse> {
  return request(ListUsers, { query });
}
