import { ListCaseReports, request, type CaseReportListResponse, type PageQuery } from '@flotilla/shared';

/** One page of every report of the tenant (file reports and comparisons), newest first. */
export function listReports(query: PageQuery): Promise<CaseReportListResponse> {
  return request(ListCaseReports, { query });
}
