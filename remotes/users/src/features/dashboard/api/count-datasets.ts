import { http, type DatasetListResponse } from '@flotilla/shared';

/** `GET /v1/datasets?limit=1`: only the total is used. */
export async function countDatasets(): Promise<number> {
  const answer = await http.get<DatasetListResponse>('/v1/datasets', { query: { limit: 1 } });
  return answer.total;
}
