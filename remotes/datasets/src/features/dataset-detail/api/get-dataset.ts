import { GetDataset, request, type Dataset } from '@flotilla/shared';

/** One dataset; 404 when it does not exist (or is another tenant's). */
export function getDataset(id: string): Promise<Dataset> {
  return request(GetDataset, { params: { id } });
}
