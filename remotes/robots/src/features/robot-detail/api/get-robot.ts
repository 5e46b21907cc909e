import { http, type Robot } from '@flotilla/shared';

/** `GET /v1/processes/{processId}`: one robot; 404 when it does not exist (or is another tenant's). */
export function getRobot(processId: string): Promise<Robot> {
  return http.get<Robot>(`/v1/processes/${encodeURIComponent(processId)}`);
}
