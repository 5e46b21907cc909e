import { http, type CreateDatasetBody, type Dataset } from '@flotilla/shared';

/** `POST /v1/datasets`: creates an empty dataset and answers it. */
export function createDataset(body: CreateDatasetBody): Promise<Dataset> {
  return http.post<Dataset>('/v1/datasets', { body });
}
