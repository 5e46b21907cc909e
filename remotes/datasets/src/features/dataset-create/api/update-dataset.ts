import { request, UpdateDataset, type Dataset, type UpdateDatasetBody } from '@flotilla/shared';

/** Changes the fields given and answers the dataset. */
export function updateDataset({ id, body }: { id: string; body: UpdateDatasetBody }): Promise<Dataset> {
  return request(UpdateDataset, { params: { id }, body });
}
