import { http } from '@flotilla/shared';

/** `DELETE /v1/processes/tag/{id}`: deletes a tag and unbinds it from every robot. */
export function deleteTag(id: string): Promise<unknown> {
  return http.delete<unknown>(`/v1/processes/tag/${encodeURIComponent(id)}`);
}
