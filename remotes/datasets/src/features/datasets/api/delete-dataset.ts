import { http } from '@flotilla/shared';

/** `DELETE /v1/datasets/{id}`: the dataset with its files and segments. */
export function deleteDataset(id: string): Promise<unknown> {
  return http.delete<unknown>(`/v1/datasets/${encodeURIComponent(id)}`);
}
