import { request, UpdatePreset, type Preset, type UpdatePresetBody } from '@flotilla/shared';

/** Sets the robot's welcome text and suggested questions (the fields given); answers them. */
export function updatePreset({ processId, body }: { processId: string; body: UpdatePresetBody }): Promise<Preset> {
  return request(UpdatePreset, { params: { processId }, body, inline: true });
}
