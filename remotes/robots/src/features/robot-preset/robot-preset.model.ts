import type { Preset, UpdatePresetBody } from '@flotilla/shared';
import { createSettingsTab } from '../../lib/settings-tab';
import { getPreset } from './api/get-preset';
import { updatePreset } from './api/update-preset';

/** What a chat with the robot opens with, loaded when its tab opens. */
export const preset = createSettingsTab<Preset, UpdatePresetBody>({
  load: getPreset,
  save: ({ robot, body }) => updatePreset({ processId: robot.processId, body }),
  savedMessageId: 'robots.preset.saved',
});

/** The preset tab was opened for a robot. */
export const presetOpened = preset.opened;
/** The user asked to load the preset again after a failure. */
export const presetRetryClicked = preset.retryClicked;
/** The form passed its checks and was sent. */
export const presetSubmitted = preset.submitted;

export const loadPresetFx = preset.loadFx;
export const savePresetFx = preset.saveFx;

export const $preset = preset.$value;
export const $presetStatus = preset.$status;
export const $presetLoadFailure = preset.$loadFailure;
export const $presetSaveFailure = preset.$saveFailure;
export const $presetSaving = preset.$saving;
export const $presetLoadCount = preset.$loadCount;
