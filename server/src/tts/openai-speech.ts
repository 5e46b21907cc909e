import { Readable } from 'node:stream';
import { TTS_AUDIO_TYPE } from '@flotilla/shared/contracts';
import type { TtsConfig } from '../config';
import { idleAbort } from '../lib/idle-abort';
import { openAiCompatible } from '../lib/openai-compatible';
import { ProviderError } from '../lib/provider-error';

/** Speech from an OpenAI-compatible endpoint. */
export type SpeechSynthesizer = {
  /**
   * The mp3 of `text` read by `voice`, as the upstream sends it. Rejects with a {@link ProviderError} when
   * the upstream refuses or stays silent before its answer; later silence or failure ends the stream with
   * an error. Aborting `signal` (the listener went away) aborts the upstream request.
   */
  synthesize(input: { text: string; voice: string }, signal: AbortSignal): Promise<Readable>;
  close(): Promise<void>;
};

/**
 * `POST {baseUrl}/audio/speech` (OpenAI's speech API, which Alibaba Cloud's compatible mode and others
 * offer too). `idleTimeoutMs` bounds the silence before the answer and between its chunks.
 */
export function openAiSpeech(config: TtsConfig, idleTimeoutMs: number): SpeechSynthesizer {
  const client = openAiCompatible(config);
  return {
    async synthesize({ text, voice }, signal) {
      const upstream = idleAbort(signal, idleTimeoutMs);
      const failure = (error: unknown) =>
        upstream.timedOut
          ? new ProviderError('PROVIDER_TIMEOUT', `no speech from ${config.provider} for ${idleTimeoutMs} ms`, {
              cause: error,
            })
          : new ProviderError(
              'PROVIDER_ERROR',
              `${config.provider}: ${error instanceof Error ? error.message : String(error)}`,
              { cause: error },
            );

      let answer: Awaited<ReturnType<typeof client.body>>;
      try {
        const body = { model: config.model, voice, input: text, response_format: 'mp3' };
        answer = await client.body({ path: 'audio/speech', body, signal: upstream.signal }, TTS_AUDIO_TYPE);
        // Some gateways answer their errors as JSON with a 200.
        if (/json/i.test(answer.contentType)) {
          const detail = await answer.body.text();
          throw new Error(`an error with status 200: ${detail.slice(0, 300)}`);
        }
      } catch (error) {
        upstream.release();
        throw failure(error);
      }

      const audio = answer.body;
      async function* relay() {
        try {
          for await (const chunk of audio) {
            upstream.touch();
            yield chunk as Buffer;
          }
          // An abort while the body streams may end the iteration quietly instead of throwing.
          if (upstream.timedOut) throw new Error('idle timeout');
        } catch (error) {
          throw signal.aborted ? error : failure(error);
        } finally {
          upstream.release();
          // Also when the reader stopped early (the listener went away): the upstream stops speaking.
          if (!audio.destroyed) audio.destroy();
        }
      }
      upstream.touch();
      return Readable.from(relay(), { objectMode: false });
    },
    close: () => client.close(),
  };
}
