import { DeleteDatasetFiles, request } from '@flotilla/shared';

/** Deletes the files with their segments; answers how many went. */
export function deleteDatasetFiles({
  datasetId,
  fileIds,
}: {
  datasetId: string;
  fileIds: string[];
}): Promise<{ deleted: number }> {
  return request(DeleteDatasetFiles, { params: { id: datasetId }, body: { fileIds } });
}
