import { http, type BasicConfig } from '@flotilla/shared';

/** `PUT /v1/processes/{processId}/basic/enableDbSearch|disableDbSearch`; answers the whole config. */
export function setDbSearch({ processId, enabled }: { processId: string; enabled: boolean }): Promise<BasicConfig> {
  const action = enabled ? 'enableDbSearch' : 'disableDbSearch';
  return http.put<BasicConfig>(`/v1/processes/${encodeURIComponent(processId)}/basic/${action}`);
}
