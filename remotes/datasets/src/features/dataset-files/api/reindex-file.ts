import { http, type DatasetFile } from '@flotilla/shared';

/**
 * `POST /v1/datasets/{id}/files/{fid}/reindex` with an empty body (the file's own settings): queues the file
 * to be parsed and split again → the file row with the new job. 409 while another job works on the file.
 */
export function reindexDatasetFile({ datasetId, fileId }: { datasetId: string; fileId: string }): Promise<DatasetFile> {
  return http.post<DatasetFile>(`/v1/datasets/${encodeURIComponent(datasetId)}/files/${encodeURIComponent(fileId)}/reindex`, { body: {} });
}
