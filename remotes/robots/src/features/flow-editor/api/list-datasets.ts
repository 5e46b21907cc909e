import { ListDatasets, request, type DatasetListResponse } from '@flotilla/shared';

/** The most datasets the knowledge search picker offers (the first page). */
export const DATASETS_OFFERED = 200;

/** The tenant's datasets a knowledge search node may search. */
export function listDatasets(): Promise<DatasetListResponse> {
  return request(ListDatasets, { query: { offset: 0, limit: DATASETS_OFFERED } });
}
