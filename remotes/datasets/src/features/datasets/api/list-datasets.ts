import { http, type DatasetListResponse, type ListDatasetsQuery } from '@flotilla/shared';

/** `GET /v1/datasets`: one page of datasets, filtered by keyword on the server. */
export function listDatasets(query: ListDatasetsQuery): Promise<DatasetListResponse> {
  return http.get<DatasetListResponse>('/v1/datasets', { query });
}
