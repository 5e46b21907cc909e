import { http } from '@flotilla/shared';

/** `GET /v1/users/{id}/unfreeze`: lifts the ban. */
export function unfreezeUser(id: string): Promise<unknown> {
  return http.get<unknown>(`/v1/users/${encodeURIComponent(id)}/unfreeze`);
}
