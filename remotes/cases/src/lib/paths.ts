/** Where the case list lives. */
export const CASE_LIST_PATH = '/case';

/** The detail page of a robot (owned by the robots remote; reached by URL, not by import). */
export function robotDetailPath(processId: string): string {
  return `/ai/${encodeURIComponent(processId)}/detail/`;
}
