/** Where the robot list lives. */
export const ROBOT_LIST_PATH = '/robot';

/** The v1 flow editor of one robot (`/ai/{id}/flow`): its steps as a form. */
export function flowPath(processId: string): string {
  return `/ai/${encodeURIComponent(processId)}/flow`;
}

/** The v3 flow editor of one robot (`/ai/{id}/flow/v3`): its graph on a canvas. */
export function flowV3Path(processId: string): string {
  return `/ai/${encodeURIComponent(processId)}/flow/v3`;
}
