import { ListCases, request, type CaseListResponse, type ListCasesQuery } from '@flotilla/shared';

/** One page of cases, filtered by keyword and status on the server. */
export function listCases(query: ListCasesQuery): Promise<CaseListResponse> {
  return request(ListCases, { query });
}
