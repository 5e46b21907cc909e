import { ListTtsVoices, request, type TtsVoiceListResponse } from '@flotilla/shared';

/** The TTS provider's voices; empty when none is configured. Silent: the browser's voices stand in. */
export function getTtsVoices(): Promise<TtsVoiceListResponse> {
  return request(ListTtsVoices, { silent: true });
}
