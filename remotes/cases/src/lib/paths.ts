/** Where the case list lives. */
export const CASE_LIST_PATH = '/case';

/** The detail page of one case. */
export function caseDetailPath(caseId: string): string {
  return `${CASE_LIST_PATH}/${encodeURIComponent(caseId)}`;
}
