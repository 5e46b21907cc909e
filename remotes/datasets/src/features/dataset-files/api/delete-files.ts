import { http } from '@flotilla/shared';

/** `POST /v1/datasets/{id}/files/delete` {fileIds}: deletes the files with their segments; answers how many went. */
export function deleteDatasetFiles({ datasetId, fileIds }: { datasetId: string; fileIds: string[] }): Promise<{ deleted: number }> {
  return http.post<{ deleted: number }>(`/v1/datasets/${encodeURIComponent(datasetId)}/files/delete`, { body: { fileIds } });
}
