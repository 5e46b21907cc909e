import { http, type DatasetListResponse } from '@flotilla/shared';

/** The most datasets one list call answers: the picker offers the first this many. */
export const DATASET_PICKER_LIMIT = 200;

/** `GET /v1/datasets?limit=200`: the tenant's datasets a robot may answer from. */
export function listDatasets(): Promise<DatasetListResponse> {
  return http.get<DatasetListResponse>('/v1/datasets', { query: { limit: DATASET_PICKER_LIMIT } });
}
