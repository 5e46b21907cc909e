import { http, type Dataset } from '@flotilla/shared';

/** `GET /v1/datasets/{id}`: one dataset; 404 when it does not exist (or is another tenant's). */
export function getDataset(id: string): Promise<Dataset> {
  return http.get<Dataset>(`/v1/datasets/${encodeURIComponent(id)}`);
}
