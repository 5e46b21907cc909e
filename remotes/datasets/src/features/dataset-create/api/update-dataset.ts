import { http, type Dataset, type UpdateDatasetBody } from '@flotilla/shared';

/** `PUT /v1/datasets/{id}`: changes the fields given and answers the dataset. */
export function updateDataset({ id, body }: { id: string; body: UpdateDatasetBody }): Promise<Dataset> {
  return http.put<Dataset>(`/v1/datasets/${encodeURIComponent(id)}`, { body });
}
