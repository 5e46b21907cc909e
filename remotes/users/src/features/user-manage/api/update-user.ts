import { request, UpdateUser, type UpdateUserBody, type User } from '@flotilla/shared';

/** Changes the fields given; answers the user. Silent: the edit dialog shows a refusal itself. */
export function updateUser({ id, body }: { id: string; body: UpdateUserBody }): Promise<User> {
  return request(UpdateUser, { params: { id }, body, silent: true });
}
