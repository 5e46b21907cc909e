import { http, type BasicConfig } from '@flotilla/shared';

/** `GET /v1/processes/{processId}/basic`: the robot's basic config (defaults when never saved). */
export function getBasicConfig(processId: string): Promise<BasicConfig> {
  return http.get<BasicConfig>(`/v1/processes/${encodeURIComponent(processId)}/basic`);
}
