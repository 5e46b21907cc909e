import { DeleteDataset, request, type Ok } from '@flotilla/shared';

/** Deletes the dataset with its files and segments. */
export function deleteDataset(id: string): Promise<Ok> {
  return request(DeleteDataset, { params: { id } });
}
