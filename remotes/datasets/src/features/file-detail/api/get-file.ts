import { http, type DatasetFile } from '@flotilla/shared';

/** `GET /v1/datasets/{id}/files/{fid}`: one file with its parse status and error. */
export function getDatasetFile({ datasetId, fileId }: { datasetId: string; fileId: string }): Promise<DatasetFile> {
  return http.get<DatasetFile>(`/v1/datasets/${encodeURIComponent(datasetId)}/files/${encodeURIComponent(fileId)}`);
}
