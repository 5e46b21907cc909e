/** Where the robot list lives. */
export const ROBOT_LIST_PATH = '/robot';

/** The detail page of one robot (spec §2: `/ai/{id}/detail/`). */
export function robotDetailPath(processId: string): string {
  return `/ai/${encodeURIComponent(processId)}/detail/`;
}
