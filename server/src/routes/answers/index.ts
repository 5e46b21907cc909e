import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AskQuestion, type QaEvent } from '@flotilla/shared/contracts';
import { AppError } from '../../lib/app-error';
import { sendEventStream } from '../../lib/event-stream';
import { message, type MessageKey } from '../../lib/messages';
import { RateWindow } from '../../lib/rate-window';
import { checkVisitorRate, resolveChatter } from '../chat/chat-access';
import { PUBLIC } from '../access';
import { route } from '../endpoint-route';

const tags = ['chat'];

/** The HTTP error of an answer that failed after its checks (non-streamed answers and the OpenAI-compatible call). */
export function answerFailed(code: string): AppError {
  if (code === 'INSUFFICIENT_CREDITS') return new AppError(400, 'INSUFFICIENT_CREDITS');
  if (code === 'PROVIDER_TIMEOUT') return new AppError(504, 'PROVIDER_TIMEOUT');
  if (code === 'PROVIDER_ERROR') return new AppError(502, 'PROVIDER_ERROR');
  return new AppError(500, 'INTERNAL');
}

const answersRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const visitorQuestions = new RateWindow();

  route(fastify, AskQuestion, {
    // Public for visitors of a share; with `processId` the caller must be logged-in staff (resolveChatter).
    config: { auth: PUBLIC },
    tags,
    summary:
      'Ask a robot (through its share, or as staff by processId): a text/event-stream of delta events, then done or error; stream:false answers once',
    handler: async (request, reply) => {
      const { body } = request;
      const access = await resolveChatter(fastify, request, body, body.shareId ? body.visitorId : undefined);
      checkVisitorRate(visitorQuestions, request, access);
      const prepared = await fastify.answers.prepare(access, { ...body, locale: request.locale });
      const translated = (event: QaEvent): QaEvent =>
        event.type === 'error' ? { ...event, message: message(event.code as MessageKey, request.locale) } : event;

      if (body.stream === false) {
        const clientGone = new AbortController();
        reply.raw.once('close', () => clientGone.abort());
        let answer = '';
        for await (const event of prepared.run(clientGone.signal)) {
          if (event.type === 'delta') answer += event.text;
          else if (event.type === 'error') throw answerFailed(event.code);
          else
            return {
              completionId: event.completionId,
              sessionId: event.sessionId,
              answer,
              citations: event.citations,
              usage: event.usage,
            };
        }
        throw new AppError(500, 'INTERNAL');
      }

      await sendEventStream(
        request,
        reply,
        async function* (signal) {
          for await (const event of prepared.run(signal)) yield translated(event);
        },
        { failed: () => ({ type: 'error', code: 'INTERNAL', message: message('INTERNAL', request.locale) }) },
      );
      return reply;
    },
  });
};

export default answersRoutes;
