import { http, type Robot } from '@flotilla/shared';

/** `PUT /v1/processes/{processId}/enableProcess|disableProcess` (a disabled robot's share stops answering); answers the robot. */
export function setRobotEnabled({ processId, enabled }: { processId: string; enabled: boolean }): Promise<Robot> {
  return http.put<Robot>(`/v1/processes/${encodeURIComponent(processId)}/${enabled ? 'enableProcess' : 'disableProcess'}`);
}
