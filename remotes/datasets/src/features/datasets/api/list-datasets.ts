import { ListDatasets, request, type DatasetListResponse, type ListDatasetsQuery } from '@flotilla/shared';

/** One page of datasets, filtered by keyword on the server. */
export function listDatasets(query: ListDatasetsQuery): Promise<DatasetListResponse> {
  return request(ListDatasets, { query });
}
