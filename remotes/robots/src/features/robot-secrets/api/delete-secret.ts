import { http } from '@flotilla/shared';

/** `DELETE /v1/secrets/{id}`: revokes an API secret at once. */
export function deleteSecret(id: string): Promise<unknown> {
  return http.delete<unknown>(`/v1/secrets/${encodeURIComponent(id)}`);
}
