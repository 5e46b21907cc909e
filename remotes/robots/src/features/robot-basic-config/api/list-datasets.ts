import { ListDatasets, request, type DatasetListResponse } from '@flotilla/shared';

/** The most datasets one list call answers: the picker offers the first this many. */
export const DATASET_PICKER_LIMIT = 200;

/** The tenant's datasets a robot may answer from (the first page of {@link DATASET_PICKER_LIMIT}). */
export function listDatasets(): Promise<DatasetListResponse> {
  return request(ListDatasets, { query: { offset: 0, limit: DATASET_PICKER_LIMIT } });
}
