import { GetCaseFileReport, request, type CaseFileReportDetail, type PageQuery } from '@flotilla/shared';

/** A file report's totals and one page of its results. */
export function getFileReport({ id, ...page }: PageQuery & { id: string }): Promise<CaseFileReportDetail> {
  return request(GetCaseFileReport, { params: { id }, query: page });
}
