import { http, type CaseListResponse } from '@flotilla/shared';

/** `GET /v1/case?limit=1`: only the total is used. */
export async function countCases(): Promise<number> {
  const answer = await http.get<CaseListResponse>('/v1/case', { query: { limit: 1 } });
  return answer.total;
}
