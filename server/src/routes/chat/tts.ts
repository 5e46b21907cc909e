import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ListTtsVoices, SynthesizeSpeech, TTS_AUDIO_TYPE, type TtsVoiceListResponse } from '@flotilla/shared/contracts';
import { AppError, invalidInput } from '../../lib/app-error';
import { ProviderError } from '../../lib/provider-error';
import { RateWindow } from '../../lib/rate-window';
import { openAiSpeech } from '../../tts/openai-speech';
import { PUBLIC } from '../access';
import { route } from '../endpoint-route';
import { checkVisitorRate, resolveChatter } from './chat-access';

const tags = ['chat'];

/** Reading answers aloud: the configured provider's voices, and speech from it (FLOTILLA_TTS). */
const ttsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { tts, answerTimeoutMs } = fastify.config;
  const speech = tts && openAiSpeech(tts, answerTimeoutMs);
  if (speech) fastify.addHook('onClose', () => speech.close());
  const voiceList: TtsVoiceListResponse = tts
    ? { provider: tts.provider, voices: tts.voices }
    : { provider: null, voices: [] };
  const visitorReads = new RateWindow();

  route(fastify, ListTtsVoices, {
    config: { auth: PUBLIC },
    tags,
    summary:
      "Voices of the configured text-to-speech provider (POST /v2/tts speaks with them); with none, provider null and no voices, and the chat reads aloud with the browser's own",
    handler: async () => voiceList,
  });

  route(fastify, SynthesizeSpeech, {
    // Public for visitors of a share; with `processId` the caller must be logged-in staff (resolveChatter).
    config: { auth: PUBLIC },
    tags,
    summary:
      "Read a text aloud with the configured provider (through a robot's share, or as staff by processId): audio/mpeg, streamed as it is spoken; 400 when no provider is configured, 422 for a voice it does not have",
    file: { type: TTS_AUDIO_TYPE, description: 'The speech' },
    handler: async (request, reply) => {
      if (!speech || !tts) throw new AppError(400, 'BAD_REQUEST', 'TTS_NOT_CONFIGURED');
      const { body } = request;
      const access = await resolveChatter(fastify, request, body, body.shareId ? body.visitorId : undefined);
      const voice = body.voice ?? tts.voices[0]!.id;
      if (!tts.voices.some((known) => known.id === voice))
        throw invalidInput(['body', 'voice'], 'VALIDATION_FAILED', 'UNKNOWN_VOICE');
      checkVisitorRate(visitorReads, request, access);

      const clientGone = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) clientGone.abort();
      });
      try {
        const audio = await speech.synthesize({ text: body.text, voice }, clientGone.signal);
        return reply.type(TTS_AUDIO_TYPE).header('cache-control', 'no-store').send(audio);
      } catch (error) {
        // The listener left before the speech began: nobody to answer, nothing to log.
        if (clientGone.signal.aborted) return reply.hijack();
        if (!(error instanceof ProviderError)) throw error;
        request.log.warn({ err: error }, 'speech provider failed');
        throw new AppError(error.code === 'PROVIDER_TIMEOUT' ? 504 : 502, error.code);
      }
    },
  });
};

export default ttsRoutes;
