import { ListDatasetFiles, request, type DatasetFileListResponse, type ListDatasetFilesQuery } from '@flotilla/shared';

/** One page of a dataset's files, newest first, filtered on the server. */
export function listDatasetFiles(datasetId: string, query: ListDatasetFilesQuery): Promise<DatasetFileListResponse> {
  return request(ListDatasetFiles, { params: { id: datasetId }, query });
}
