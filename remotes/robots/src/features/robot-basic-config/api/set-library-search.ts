import { http, type BasicConfig } from '@flotilla/shared';

/** `PUT /v1/processes/{processId}/basic/enableLibrarySearch|disableLibrarySearch`; answers the whole config. */
export function setLibrarySearch({ processId, enabled }: { processId: string; enabled: boolean }): Promise<BasicConfig> {
  const action = enabled ? 'enableLibrarySearch' : 'disableLibrarySearch';
  return http.put<BasicConfig>(`/v1/processes/${encodeURIComponent(processId)}/basic/${action}`);
}
