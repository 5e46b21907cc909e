/** Where the case list lives. */
export const CASE_LIST_PATH = '/case';

/** The detail page of one case. */
export function caseDetailPath(caseId: string): string {
  return `${CASE_LIST_PATH}/${encodeURIComponent(caseId)}`;
}

/** The reports list, and one file report in it. */
export const CASE_REPORTS_PATH = '/case/reports';
export function fileReportPath(reportId: string): string {
  return `${CASE_REPORTS_PATH}?id=${encodeURIComponent(reportId)}`;
}

/** One comparison, on the comparisons page. */
export function comparisonPath(comparisonId: string): string {
  return `/case/comparison?id=${encodeURIComponent(comparisonId)}`;
}
