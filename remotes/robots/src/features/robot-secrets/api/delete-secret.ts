import { DeleteApiSecret, request, type Ok } from '@flotilla/shared';

/** Revokes an API secret at once. */
export function deleteSecret(id: string): Promise<Ok> {
  return request(DeleteApiSecret, { params: { id } });
}
