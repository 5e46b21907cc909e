import { randomUUID } from 'node:crypto';
import {
  DEFAULT_LOCALE,
  type Attachment,
  type Citation,
  type Locale,
  type QaEvent,
  type Usage,
} from '@flotilla/shared/contracts';
import type { Config } from '../config';
import type { DocumentParser } from '../knowledge/parse-pool';
import { AppError, notFound } from '../lib/app-error';
import { ProviderError } from '../lib/provider-error';
import { UploadFiles } from '../plugins/app/uploads/upload-files';
import type { ChatAccess } from '../plugins/app/chats/chats-repository';
import type { Repositories } from '../plugins/app/repositories';
import type { Embedder } from '../search/embeddings';
import { attachmentContext, ownAttachments, storedAttachment } from './attachments';
import { findKnowledge } from './knowledge';
import { builtinProvider } from './providers/builtin';
import { openAiProvider } from './providers/openai';
import type { AnswerProvider, AnswerRequest, ChatTurn } from './providers/provider';

/** A question as the callers of the engine give it. */
export type AskInput = {
  sessionId?: string;
  question: string;
  /** The chatter's own uploads (checked: anyone else's is refused); only their ids are read. */
  images?: Attachment[];
  files?: Attachment[];
  /** The chatter's language (default zh-CN). */
  locale?: Locale;
  /** API callers (`/v1/chat/completions`) bring their own history instead of the session's. */
  history?: ChatTurn[];
  /** API callers' own system messages, added after the robot's prompt. */
  extraSystemPrompt?: string;
};

/** An answer ready to run: the checks are done, so a refusal was an HTTP error, not a stream event. */
export type PreparedAnswer = {
  sessionId: string;
  completionId: string;
  /** Deltas, then one `done` or `error`; the answer is stored whatever the outcome, even when `signal` aborts. */
  run(signal: AbortSignal): AsyncGenerator<QaEvent>;
};

const ZERO_USAGE: Usage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };

/**
 * Answers questions for robots: picks the robot's model and provider, keeps its session, charges the
 * robot owner's credits (a failed answer is refunded) and stores every answer.
 */
export function createAnswerEngine(
  repos: Repositories,
  config: Config,
  embedder: Embedder,
  parser: DocumentParser,
  log?: { warn(object: unknown, message: string): void },
) {
  const builtin = builtinProvider();
  const uploadFiles = new UploadFiles(config.dataDir);
  const upstreams = new Map(
    config.openaiModels.map((model) => [model.id, { model, provider: openAiProvider(model, config.answerTimeoutMs) }]),
  );

  const providerFor = (modelId: string): { provider: AnswerProvider; upstreamModel: string; price: number } => {
    if (modelId === 'builtin') return { provider: builtin, upstreamModel: 'builtin', price: 0 };
    const upstream = upstreams.get(modelId);
    // A model removed from the configuration after robots chose it.
    if (!upstream) throw new AppError(400, 'BAD_REQUEST', 'UNKNOWN_MODEL');
    return { provider: upstream.provider, upstreamModel: upstream.model.model, price: upstream.model.price };
  };

  return {
    /** Checks everything that can refuse a question (model, session, attachments, credits) before any answer streams. */
    async prepare(access: ChatAccess, input: AskInput): Promise<PreparedAnswer> {
      const [basic, share] = await Promise.all([
        repos.robotConfigs.get(access.tenantId, access.processId),
        repos.shares.forProcess(access.tenantId, access.processId),
      ]);
      if (!basic) throw notFound('ROBOT_NOT_FOUND');
      const { provider, upstreamModel, price } = providerFor(basic.model);
      if (price > 0 && (await repos.credits.balance(access.tenantId, access.adminId)) < price) {
        throw new AppError(400, 'INSUFFICIENT_CREDITS');
      }
      // A new session's row is written with its first answer (recordCompletion), after the upstream call.
      const session = input.sessionId
        ? await repos.chats.findSession(access, input.sessionId)
        : { sessionId: randomUUID() };
      if (!session) throw notFound('SESSION_NOT_FOUND');
      const attached = await ownAttachments(repos.uploads, access, input);
      const newSession = input.sessionId === undefined;
      const completionId = randomUUID();

      const run = async function* (signal: AbortSignal): AsyncGenerator<QaEvent> {
        const started = Date.now();
        let answer = '';
        let usage = ZERO_USAGE;
        let citations: Citation[] = [];
        let failure: { code: 'PROVIDER_ERROR' | 'PROVIDER_TIMEOUT' | 'INSUFFICIENT_CREDITS' } | undefined;
        // Charged up front (a race with another answer may have spent the credits since the check).
        const charged =
          price > 0 ? await repos.credits.debit(access.tenantId, access.adminId, price, completionId) : true;
        if (!charged) failure = { code: 'INSUFFICIENT_CREDITS' };
        try {
          if (!failure) {
            const earlier = newSession ? [] : await repos.chats.history(access, session.sessionId, basic.historyLength);
            const history =
              input.history ??
              earlier.flatMap(({ question, answer: reply }): ChatTurn[] => [
                { role: 'user', content: question },
                { role: 'assistant', content: reply },
              ]);
            const knowledge = await findKnowledge(
              {
                segments: repos.segments,
                embedder,
                onEmbeddingError: (error) =>
                  log?.warn({ err: error }, 'knowledge search: embedding the question failed, full-text only'),
              },
              access.tenantId,
              basic,
              input.question,
            );
            citations = knowledge.citations;
            const attachments = await attachmentContext(uploadFiles, parser, attached, provider.reads, signal);
            const request: AnswerRequest = {
              model: upstreamModel,
              systemPrompt: [basic.systemPrompt, input.extraSystemPrompt ?? ''].filter(Boolean).join('\n\n'),
              temperature: basic.temperature,
              history,
              question: input.question,
              fallbackReply: basic.fallbackReply,
              welcome: share?.welcome ?? '',
              knowledge: citations,
              ...(knowledge.qaAnswer !== undefined ? { qaAnswer: knowledge.qaAnswer } : {}),
              ...attachments,
              locale: input.locale ?? DEFAULT_LOCALE,
            };
            for await (const chunk of provider.stream(request, signal)) {
              if (chunk.type === 'usage') usage = chunk.usage;
              else {
                answer += chunk.text;
                yield { type: 'delta', text: chunk.text };
              }
            }
          }
        } catch (error) {
          if (!(error instanceof ProviderError)) throw error;
          failure = { code: error.code };
        } finally {
          // Stored whatever happened, also when the client went away (the generator is then closed early).
          const status = failure ? 'error' : signal.aborted ? 'stopped' : 'done';
          if (failure && charged && price > 0)
            await repos.credits.refund(access.tenantId, access.adminId, price, completionId);
          await repos.chats.recordCompletion(access, {
            id: completionId,
            sessionId: session.sessionId,
            newSession,
            question: input.question,
            answer,
            images: attached.images.map(storedAttachment),
            files: attached.files.map(storedAttachment),
            citations,
            model: basic.model,
            usage,
            latencyMs: Date.now() - started,
            cost: failure ? 0 : price,
            status,
            errorCode: failure?.code ?? null,
            trace: [],
          });
        }
        if (failure) {
          yield { type: 'error', code: failure.code, message: failure.code };
          return;
        }
        yield { type: 'done', completionId, sessionId: session.sessionId, citations, usage };
      };

      return { sessionId: session.sessionId, completionId, run };
    },

    /** Closes the upstream models' connection pools (when the server closes). */
    async close(): Promise<void> {
      await Promise.all([...upstreams.values()].map(({ provider }) => provider.close()));
    },
  };
}

export type AnswerEngine = ReturnType<typeof createAnswerEngine>;
