import { http, type TtsVoiceListResponse } from '@flotilla/shared';

/** `GET /v1/aliyun/tts/voice`: the TTS provider's voices; empty when none is configured. Silent: the browser's voices stand in. */
export function getTtsVoices(): Promise<TtsVoiceListResponse> {
  return http.get<TtsVoiceListResponse>('/v1/aliyun/tts/voice', { silent: true });
}
