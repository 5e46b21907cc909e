import { http, type BasicConfig, type UpdateBasicConfigBody } from '@flotilla/shared';

/** `PUT /v1/processes/{processId}/basic`: changes the fields given; answers the whole config. */
export function updateBasicConfig({ processId, body }: { processId: string; body: UpdateBasicConfigBody }): Promise<BasicConfig> {
  return http.put<BasicConfig>(`/v1/processes/${encodeURIComponent(processId)}/basic`, { body, inline: true });
}
