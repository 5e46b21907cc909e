import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { CreateChatCompletion, type OpenAiChatRequest, type QaEvent } from '@flotilla/shared/contracts';
import type { ChatTurn } from '../../engine/providers/provider';
import { AppError } from '../../lib/app-error';
import { isoNow } from '../../lib/clock';
import { sendEventStream } from '../../lib/event-stream';
import { message } from '../../lib/messages';
import { toValidationDetail, type SchemaError } from '../../lib/validation-detail';
import { answerFailed } from '../answers/index';
import { PUBLIC } from '../access';
import { route } from '../endpoint-route';

/** OpenAI's error body, so that the official clients raise their usual errors. */
const OpenAiErrorSchema = Type.Object({
  error: Type.Object({ message: Type.String(), type: Type.String(), code: Type.Union([Type.String(), Type.Null()]) }),
});

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  404: 'not_found_error',
  429: 'rate_limit_error',
};

type Message = OpenAiChatRequest['messages'][number];
const textOf = (content: Message['content']): string =>
  typeof content === 'string' ? content : (content ?? []).map((part) => part.text ?? '').join('');

/** An OpenAI conversation → the question (its last user message), the history before it, and the caller's system text. */
export function splitConversation(messages: Message[]): { question: string; history: ChatTurn[]; system: string } {
  const last = messages[messages.length - 1];
  if (!last || last.role !== 'user' || textOf(last.content).trim() === '') throw new AppError(400, 'BAD_REQUEST');
  const earlier = messages.slice(0, -1);
  return {
    question: textOf(last.content),
    history: earlier
      .filter((m) => m.role === 'user' || m.role === 'assistant')
      .map((m) => ({ role: m.role as ChatTurn['role'], content: textOf(m.content) })),
    system: earlier
      .filter((m) => m.role === 'system' || m.role === 'developer')
      .map((m) => textOf(m.content))
      .join('\n\n'),
  };
}

/** Answers a failed call as OpenAI does: its error body, with its error type for the status. */
function openAiError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  let status = 500;
  let code: string = 'INTERNAL';
  let text = message('INTERNAL', request.locale);
  if (error instanceof AppError) {
    status = error.statusCode;
    code = error.code;
    text = message(error.messageKey, request.locale);
  } else if (error.validation) {
    status = 400;
    code = 'VALIDATION_FAILED';
    text =
      toValidationDetail(error.validationContext, error.validation as SchemaError[], request.locale)[0]?.msg ?? text;
  } else if (error.statusCode && error.statusCode < 500) {
    status = error.statusCode;
    code = 'BAD_REQUEST';
    text = error.message;
  } else request.log.error({ err: error }, 'unhandled error');
  return reply.code(status).send({ error: { message: text, type: ERROR_TYPES[status] ?? 'api_error', code } });
}

const openAiRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { secrets, processes } = fastify.repos;
  type Caller = {
    grant: NonNullable<Awaited<ReturnType<typeof secrets.grant>>>;
    robot: NonNullable<Awaited<ReturnType<typeof processes.get>>>;
  };
  /** The robot each request's secret names, found before validation. */
  const callers = new WeakMap<FastifyRequest, Caller>();
  /** What each call used: added to its secret's daily counters once the answer is sent (docs/comparisons.md). */
  const used = new WeakMap<FastifyRequest, { tokens: number; failed: boolean }>();

  route(fastify, CreateChatCompletion, {
    // Authenticated by a robot's API secret (Bearer), not by a console token.
    config: { auth: PUBLIC },
    tags: ['openai'],
    summary:
      'OpenAI-compatible chat completion (streaming or not) answered by the robot an API secret names; `model` may be any string',
    security: [{ apiSecret: [] }],
    otherResponses: { '4xx': OpenAiErrorSchema, 422: OpenAiErrorSchema, '5xx': OpenAiErrorSchema },
    errorHandler: openAiError,
    // The secret is checked before the body is validated, so a caller without one learns nothing of the call.
    onRequest: async (request) => {
      const key = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
      const grant = key ? await secrets.grant(key) : undefined;
      const robot = grant && (await processes.get(grant.tenantId, grant.processId));
      if (!grant || !robot) throw new AppError(401, 'INVALID_API_KEY');
      callers.set(request, { grant, robot });
    },
    // After the answer has gone: one upsert per call, never in the caller's way (a failure is only logged).
    onResponse: async (request, reply) => {
      const caller = callers.get(request);
      if (!caller) return;
      const use = used.get(request);
      const { secretId, tenantId, processId } = caller.grant;
      await fastify.repos.keyUsage
        .record(tenantId, secretId, processId, isoNow().slice(0, 10), {
          calls: 1,
          tokens: use?.tokens ?? 0,
          errors: reply.statusCode >= 400 || use?.failed ? 1 : 0,
        })
        .catch((error: unknown) => request.log.warn({ err: error }, 'key usage: recording failed'));
    },
    handler: async (request, reply) => {
      const { grant, robot } = callers.get(request)!;
      const { question, history, system } = splitConversation(request.body.messages);
      const access = {
        tenantId: grant.tenantId,
        processId: grant.processId,
        adminId: robot.adminId,
        userId: grant.secretId,
        channel: 'api' as const,
      };
      const prepared = await fastify.answers.prepare(access, { question, history, extraSystemPrompt: system });
      const id = `chatcmpl-${prepared.completionId}`;
      const created = Math.floor(Date.now() / 1000);
      const model = request.body.model;

      if (!request.body.stream) {
        const clientGone = new AbortController();
        reply.raw.once('close', () => clientGone.abort());
        let content = '';
        for await (const event of prepared.run(clientGone.signal)) {
          if (event.type === 'delta') content += event.text;
          else if (event.type === 'error') throw answerFailed(event.code);
          else {
            const { promptTokens, completionTokens, totalTokens } = event.usage;
            used.set(request, { tokens: totalTokens, failed: false });
            return reply.send({
              id,
              object: 'chat.completion',
              created,
              model,
              choices: [
                {
                  index: 0,
                  message: { role: 'assistant', content, refusal: null },
                  finish_reason: 'stop',
                  logprobs: null,
                },
              ],
              usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: totalTokens },
            });
          }
        }
        throw new AppError(500, 'INTERNAL');
      }

      const chunk = (delta: Record<string, unknown>, finishReason: string | null) => ({
        id,
        object: 'chat.completion.chunk',
        created,
        model,
        choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }],
      });
      await sendEventStream(
        request,
        reply,
        async function* (signal) {
          yield chunk({ role: 'assistant', content: '' }, null);
          for await (const event of prepared.run(signal) as AsyncGenerator<QaEvent>) {
            if (event.type === 'delta') yield chunk({ content: event.text }, null);
            else if (event.type === 'error') {
              used.set(request, { tokens: 0, failed: true });
              yield {
                error: { message: message(event.code as never, request.locale), type: 'api_error', code: event.code },
              };
              return;
            } else {
              used.set(request, { tokens: event.usage.totalTokens, failed: false });
              yield chunk({}, 'stop');
            }
          }
        },
        {
          done: '[DONE]',
          failed: () => ({
            error: { message: message('INTERNAL', request.locale), type: 'api_error', code: 'INTERNAL' },
          }),
        },
      );
      return reply;
    },
  });
};

export default openAiRoutes;
