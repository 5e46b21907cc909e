import { http, type CaseListResponse, type ListCasesQuery } from '@flotilla/shared';

/** `GET /v1/case`: one page of cases, filtered by keyword and status on the server. */
export function listCases(query: ListCasesQuery): Promise<CaseListResponse> {
  return http.get<CaseListResponse>('/v1/case', { query });
}
