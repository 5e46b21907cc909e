import { request, SynthesizeSpeech, type TtsSpeechBody } from '@flotilla/shared';
import { targetQuery, type ChatTarget } from '../../chat/chat-target';

/** `text` read aloud by the server's TTS provider with `voice` (its first when null), as mp3. */
export function synthesizeSpeech(
  target: ChatTarget,
  { text, voice }: { text: string; voice: string | null },
  signal: AbortSignal,
): Promise<Blob> {
  const body: TtsSpeechBody = {
    ...targetQuery(target),
    ...(target.kind === 'visitor' ? { visitorId: target.userId } : {}),
    text,
    ...(voice ? { voice } : {}),
  };
  return request(SynthesizeSpeech, { body, signal, inline: true });
}
