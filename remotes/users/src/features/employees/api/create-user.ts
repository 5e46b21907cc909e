import { CreateUser, request, type CreateUserBody, type User } from '@flotilla/shared';

/**
 * Creates a user in the caller's tenant (sent as a form; an empty phone is left out). Silent: the
 * create dialog shows the server's answer itself (409 USERNAME_TAKEN next to the username), so the
 * shell adds no notice.
 */
export function createUser({ phone, isAgent, ...required }: CreateUserBody): Promise<User> {
  const body: CreateUserBody = { ...required, ...(phone && { phone }), ...(isAgent !== undefined && { isAgent }) };
  return request(CreateUser, { body, silent: true });
}
