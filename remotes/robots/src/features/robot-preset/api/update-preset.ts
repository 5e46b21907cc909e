import { http, type Preset, type UpdatePresetBody } from '@flotilla/shared';

/** `PUT /v1/processes/{processId}/preset`: the welcome text and suggested questions; answers them. */
export function updatePreset({ processId, body }: { processId: string; body: UpdatePresetBody }): Promise<Preset> {
  return http.put<Preset>(`/v1/processes/${encodeURIComponent(processId)}/preset`, { body, inline: true });
}
