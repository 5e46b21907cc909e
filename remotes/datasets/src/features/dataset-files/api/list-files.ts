import { http, type DatasetFileListResponse, type ListDatasetFilesQuery } from '@flotilla/shared';

/** `GET /v1/datasets/{id}/files`: one page of a dataset's files, newest first, filtered on the server. */
export function listDatasetFiles(datasetId: string, query: ListDatasetFilesQuery): Promise<DatasetFileListResponse> {
  return http.get<DatasetFileListResponse>(`/v1/datasets/${encodeURIComponent(datasetId)}/files`, { query });
}
