import { http } from '@flotilla/shared';

/** `GET /v1/users/{id}/freeze`: bans the user and revokes their tokens. */
export function freezeUser(id: string): Promise<unknown> {
  return http.get<unknown>(`/v1/users/${encodeURIComponent(id)}/freeze`);
}
