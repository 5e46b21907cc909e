import { http, type CreateUserBody, type User } from '@flotilla/shared';

/**
 * `POST /v1/users` (form). Silent: the create dialog shows the server's answer itself
 * (409 USERNAME_TAKEN next to the username), so the shell adds no notice.
 */
export function createUser(body: CreateUserBody): Promise<User> {
  const form: Record<string, string | boolean> = {
    username: body.username,
    nickname: body.nickname,
    password: body.password,
    role: body.role,
  };
  if (body.phone) form.phone = body.phone;
  if (body.isAgent !== undefined) form.isAgent = body.isAgent;
  return http.post<User>('/v1/users', { form, silent: true });
}
