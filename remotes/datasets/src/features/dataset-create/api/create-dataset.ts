import { CreateDataset, request, type CreateDatasetBody, type Dataset } from '@flotilla/shared';

/** Creates an empty dataset and answers it. */
export function createDataset(body: CreateDatasetBody): Promise<Dataset> {
  return request(CreateDataset, { body });
}
