import { http } from '@flotilla/shared';

/** `DELETE /v1/processes/{processId}`. */
export function deleteRobot(processId: string): Promise<unknown> {
  return http.delete<unknown>(`/v1/processes/${encodeURIComponent(processId)}`);
}
