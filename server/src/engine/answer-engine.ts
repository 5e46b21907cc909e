import { randomUUID } from 'node:crypto';
import {
  DEFAULT_LOCALE,
  type Attachment,
  type BasicConfig,
  type Citation,
  type FlowGraph,
  type FlowVersion,
  type Locale,
  type QaEvent,
  type TraceStep,
} from '@flotilla/shared/contracts';
import { compileV1 } from '@flotilla/shared/flows';
import { createCaseOpener, type CompletedFlowForm } from '../cases/open-case/case-opener';
import type { Config } from '../config';
import type { DatabaseReaders } from '../databases/database-readers';
import { lookUpDatabases, type AskModel } from '../databases/robot-lookup/look-up-databases';
import type { DocumentParser } from '../knowledge/parse-pool';
import { AppError, notFound } from '../lib/app-error';
import { readWebPage, safeFetch, type OutboundPolicy } from '../lib/outbound';
import { UploadFiles } from '../plugins/app/uploads/upload-files';
import type { ChatAccess } from '../plugins/app/chats/chats-repository';
import type { Repositories } from '../plugins/app/repositories';
import type { Embedder } from '../search/embeddings';
import { attachmentContext, ownAttachments, storedAttachment } from './attachments';
import { basicFlow } from './flow/basic-flow';
import { classFromAnswer, classifyInstructions } from './flow/classify-prompt';
import { NodeError } from './flow/node-error';
import type { FlowServices } from './flow/node-types';
import { indexFlow, runFlow, type FlowOutcome } from './flow/run-flow';
import { emptySessionState, parseSessionState, serializeSessionState } from './flow/session-state';
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

/** Published flows kept ready to run, by version (the oldest goes first). */
const RUNNABLE_CACHE_SIZE = 500;

/** What a debug run of a draft flow answers. */
export type DebugOutcome = { answer: string; trace: TraceStep[]; sessionId: string };

/**
 * One evaluation answer (a case file's analysis, a comparison): what the robot said, its citations, whether
 * it fell back, how long it took, and the failure's code when it failed.
 */
export type EvaluatedAnswer = {
  answer: string;
  citations: Citation[];
  fallback: boolean;
  latencyMs: number;
  usage: { promptTokens: number; completionTokens: number; totalTokens: number };
  errorCode: FailureCode | null;
};

/** The codes an answer's `error` event carries. */
type FailureCode = 'PROVIDER_ERROR' | 'PROVIDER_TIMEOUT' | 'INSUFFICIENT_CREDITS' | 'FLOW_NODE_FAILED';

/** The error event of a run that a failing node ended: a model's own failure keeps its code. */
function failureCode(failure: NodeError): FailureCode {
  return failure.code === 'PROVIDER_ERROR' || failure.code === 'PROVIDER_TIMEOUT' ? failure.code : 'FLOW_NODE_FAILED';
}

/** An answer that is the robot's fallback reply, or nothing: the dashboard counts it unanswered. */
function isFallback(answer: string, fallbackReply: string): boolean {
  const said = answer.trim();
  return said === '' || said === fallbackReply.trim();
}

/** A flow as the engine runs it: a v1 flow is compiled to its graph. */
export function runnableGraph(version: FlowVersion, graph: FlowGraph): FlowGraph {
  return version === 'v1' ? compileV1(graph.nodes) : graph;
}

/** The formCollect nodes that ran in this answer and hold every required field: each may open a case. */
function completedFlowForms(graph: FlowGraph, outcome: FlowOutcome | undefined): CompletedFlowForm[] {
  if (!outcome) return [];
  const ran = new Set(outcome.trace.filter((step) => step.status === 'ok').map((step) => step.nodeId));
  return graph.nodes.flatMap((node) => {
    if (node.type !== 'formCollect' || !ran.has(node.id)) return [];
    const values = outcome.state.forms[node.id] ?? {};
    const done = node.data.fields.every((field) => !field.required || values[field.name] !== undefined);
    return done ? [{ fields: node.data.fields, values }] : [];
  });
}

/**
 * Answers questions for robots by running their flow (a robot without a published flow runs the fixed
 * flow of its basic config): picks the models, keeps the session and its flow state, charges the robot
 * owner's credits (a failed answer is refunded) and stores every answer with its trace.
 */
export function createAnswerEngine(
  repos: Repositories,
  config: Config,
  embedder: Embedder,
  parser: DocumentParser,
  readers: Pick<DatabaseReaders, 'readerFor'>,
  log?: { warn(object: unknown, message: string): void },
) {
  // Tests point outbound requests at a resolver of their own; production has none (system DNS, public addresses).
  const outbound: OutboundPolicy = config.outbound ?? {};
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
  const nodeProvider = (modelId: string) => {
    try {
      return providerFor(modelId);
    } catch {
      throw new NodeError('UNKNOWN_MODEL', `The model ${modelId} is not configured`);
    }
  };

  /** What one answer costs: the dearest model its flow may call (a flow that calls none costs the robot's). */
  const priceOf = (graph: FlowGraph, basic: BasicConfig): number => {
    const models = graph.nodes.flatMap((node) =>
      node.type === 'aiChat' || node.type === 'classify' || node.type === 'dbQuery'
        ? [node.data.model ?? basic.model]
        : [],
    );
    const prices = (models.length > 0 ? models : [basic.model]).map((id) =>
      id === 'builtin' ? 0 : (upstreams.get(id)?.model.price ?? 0),
    );
    return Math.max(0, ...prices);
  };

  // Published versions never change: their runnable graphs (v1 compiled, indexed by the runner once per
  // object) are kept by version id, so a question reads one small row instead of parsing the graph.
  const runnableByVersion = new Map<string, FlowGraph>();
  const remember = (versionId: string, graph: FlowGraph) => {
    if (runnableByVersion.size >= RUNNABLE_CACHE_SIZE) {
      const oldest = runnableByVersion.keys().next().value;
      if (oldest !== undefined) runnableByVersion.delete(oldest);
    }
    runnableByVersion.set(versionId, graph);
  };

  /** A configured model's whole reply to instructions and one question; undefined for the builtin model. */
  const completeWith = async (
    modelId: string,
    instructions: string,
    question: string,
    locale: Locale,
    signal: AbortSignal,
  ): Promise<{ text: string; usage: EvaluatedAnswer['usage'] } | undefined> => {
    const { provider, upstreamModel } = providerFor(modelId);
    if (provider === builtin) return undefined;
    return complete(provider, upstreamModel, instructions, question, locale, signal);
  };
  // Cases open from conversations after their answers are stored, apart from the answers (docs/cases.md).
  const caseOpener = createCaseOpener({
    repos,
    completeWith: (...args) => completeWith(...args),
    ...(log ? { log } : {}),
  });

  /** The flow a robot answers visitors with. */
  const answeringFlow = async (access: ChatAccess, basic: BasicConfig, locale: Locale): Promise<FlowGraph> => {
    const head = await repos.flows.publishedHead(access.tenantId, access.processId);
    if (!head) return basicFlow(basic, locale);
    const known = head.versionId ? runnableByVersion.get(head.versionId) : undefined;
    if (known) return known;
    const published = await repos.flows.published(access.tenantId, access.processId);
    if (!published) return basicFlow(basic, locale);
    const graph = runnableGraph(published.version, published.graph);
    if (head.versionId) remember(head.versionId, graph);
    return graph;
  };

  type Turn = {
    access: ChatAccess;
    sessionId: string;
    basic: BasicConfig;
    welcome: string;
    question: string;
    locale: Locale;
    history: ChatTurn[];
    extraSystemPrompt?: string;
    attachments: Pick<AnswerRequest, 'images' | 'documents' | 'unread'>;
  };

  /** A model's whole reply to instructions and one question (no history, temperature 0), with its usage. */
  const complete = async (
    provider: AnswerProvider,
    upstreamModel: string,
    instructions: string,
    question: string,
    locale: Locale,
    signal: AbortSignal,
  ) => {
    let text = '';
    let usage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
    const request: AnswerRequest = {
      model: upstreamModel,
      systemPrompt: instructions,
      temperature: 0,
      history: [],
      question,
      fallbackReply: '',
      welcome: '',
      knowledge: [],
      images: [],
      documents: [],
      unread: [],
      locale,
    };
    for await (const chunk of provider.stream(request, signal)) {
      if (chunk.type === 'usage') usage = chunk.usage;
      else text += chunk.text;
    }
    return { text, usage };
  };

  /** What the nodes of one answer reach: the robot's knowledge, databases and models, the public web. */
  const servicesFor = (turn: Turn): FlowServices => ({
    async searchKnowledge(datasetIds, query, limit) {
      const knowledge = await findKnowledge(
        {
          segments: repos.segments,
          embedder,
          onEmbeddingError: (error) =>
            log?.warn({ err: error }, 'knowledge search: embedding the question failed, full-text only'),
        },
        turn.access.tenantId,
        { librarySearch: true, datasetIds },
        query,
        limit,
      );
      return knowledge;
    },
    answer(request, signal) {
      const { provider, upstreamModel } = nodeProvider(request.model ?? turn.basic.model);
      return provider.stream(
        {
          model: upstreamModel,
          systemPrompt: [request.prompt ?? turn.basic.systemPrompt, turn.extraSystemPrompt ?? '']
            .filter(Boolean)
            .join('\n\n'),
          temperature: request.temperature ?? turn.basic.temperature,
          history: turn.history,
          question: turn.question,
          fallbackReply: turn.basic.fallbackReply,
          welcome: turn.welcome,
          knowledge: request.knowledge,
          ...(request.qaAnswer !== undefined ? { qaAnswer: request.qaAnswer } : {}),
          ...turn.attachments,
          locale: turn.locale,
        },
        signal,
      );
    },
    async classifyWithModel(model, query, classes, signal) {
      const { provider, upstreamModel } = nodeProvider(model ?? turn.basic.model);
      if (provider === builtin) return 'builtin';
      const { text, usage } = await complete(
        provider,
        upstreamModel,
        classifyInstructions(classes),
        query,
        turn.locale,
        signal,
      );
      return { classId: classFromAnswer(text, classes), usage };
    },
    lookUpDatabases(request, signal) {
      const { provider, upstreamModel } = nodeProvider(request.model ?? turn.basic.model);
      // The builtin provider writes no SQL: it looks rows up by the key values of the question.
      const askModel: AskModel | undefined =
        provider === builtin
          ? undefined
          : (instructions, question, asked) =>
              complete(provider, upstreamModel, instructions, question, turn.locale, asked);
      return lookUpDatabases(
        {
          databases: repos.databases,
          readers,
          notes: repos.databaseTables,
          queries: repos.databaseQueries,
          onLogError: (error) => log?.warn({ err: error }, 'database lookup: logging a query failed'),
        },
        {
          tenantId: turn.access.tenantId,
          processId: turn.access.processId,
          sessionId: turn.sessionId,
          question: turn.question,
          query: request.query,
          databaseIds: request.databaseIds,
          limit: request.limit,
          timeoutMs: request.timeoutMs,
          locale: turn.locale,
          ...(askModel ? { askModel } : {}),
          signal,
        },
      );
    },
    fetch: (url, options) => safeFetch(url, { ...options, ...outbound }),
    readWebPage: (url, options) => readWebPage(url, { ...options, ...outbound }),
  });

  /** Runs a flow for one turn, as QA deltas, and returns its outcome. */
  async function* runTurn(
    graph: FlowGraph,
    turn: Turn,
    sessionId: string,
    signal: AbortSignal,
    /** False for a one-question run (an evaluation): its session state is neither read nor kept. */
    keepState = true,
  ): AsyncGenerator<string, FlowOutcome> {
    const { tenantId, processId } = turn.access;
    const stored = keepState ? await repos.flows.sessionState(tenantId, processId, sessionId) : undefined;
    const state = parseSessionState(stored);
    const outcome = yield* runFlow(
      indexFlow(graph),
      {
        question: turn.question,
        locale: turn.locale,
        state,
        services: servicesFor(turn),
        fallbackReply: turn.basic.fallbackReply,
      },
      signal,
    );
    // Most answers change nothing of the session's state (no form, no variable): nothing to write then.
    const next = serializeSessionState(outcome.state);
    if (keepState && next !== (stored ?? serializeSessionState(emptySessionState())))
      await repos.flows.saveSessionState(tenantId, processId, sessionId, next);
    return outcome;
  }

  /** The robot's basic config and welcome, or a 404 for a robot that is gone. */
  const robotSettings = async (access: ChatAccess) => {
    const [basic, share] = await Promise.all([
      repos.robotConfigs.get(access.tenantId, access.processId),
      repos.shares.forProcess(access.tenantId, access.processId),
    ]);
    if (!basic) throw notFound('ROBOT_NOT_FOUND');
    return { basic, welcome: share?.welcome ?? '' };
  };

  /**
   * Runs a flow once to its end for a question outside a chat (a debug run, an evaluation): charged like an
   * answer, refunded when the run fails, not stored as an answer. `keepState`: the session's flow state is
   * read and kept (a debug conversation goes on), or neither.
   */
  const runOnce = async (
    graph: FlowGraph,
    input: Pick<Turn, 'access' | 'sessionId' | 'basic' | 'welcome' | 'question' | 'locale'>,
    signal: AbortSignal,
    keepState: boolean,
  ): Promise<FlowOutcome> => {
    const { access } = input;
    const price = priceOf(graph, input.basic);
    const chargeId = randomUUID();
    if (price > 0 && !(await repos.credits.debit(access.tenantId, access.adminId, price, chargeId)))
      throw new AppError(400, 'INSUFFICIENT_CREDITS');
    const turn: Turn = { ...input, history: [], attachments: { images: [], documents: [], unread: [] } };
    const steps = runTurn(graph, turn, input.sessionId, signal, keepState);
    let step = await steps.next();
    while (!step.done) step = await steps.next();
    const outcome = step.value;
    if (outcome.failure && price > 0) await repos.credits.refund(access.tenantId, access.adminId, price, chargeId);
    return outcome;
  };

  const checkCredits = async (access: ChatAccess, price: number) => {
    if (price > 0 && (await repos.credits.balance(access.tenantId, access.adminId)) < price) {
      throw new AppError(400, 'INSUFFICIENT_CREDITS');
    }
  };

  return {
    /** Checks everything that can refuse a question (model, session, attachments, credits) before any answer streams. */
    async prepare(access: ChatAccess, input: AskInput): Promise<PreparedAnswer> {
      const { basic, welcome } = await robotSettings(access);
      const graph = await answeringFlow(access, basic, input.locale ?? DEFAULT_LOCALE);
      const { provider } = providerFor(basic.model);
      const price = priceOf(graph, basic);
      await checkCredits(access, price);
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
        let outcome: FlowOutcome | undefined;
        let citations: Citation[] = [];
        let failure: { code: FailureCode } | undefined;
        // Charged up front (a race with another answer may have spent the credits since the check).
        const charged =
          price > 0 ? await repos.credits.debit(access.tenantId, access.adminId, price, completionId) : true;
        if (!charged) failure = { code: 'INSUFFICIENT_CREDITS' };
        try {
          if (!failure) {
            const earlier = newSession ? [] : await repos.chats.history(access, session.sessionId, basic.historyLength);
            const turn: Turn = {
              access,
              sessionId: session.sessionId,
              basic,
              welcome,
              question: input.question,
              locale: input.locale ?? DEFAULT_LOCALE,
              history:
                input.history ??
                earlier.flatMap(({ question, answer: reply }): ChatTurn[] => [
                  { role: 'user', content: question },
                  { role: 'assistant', content: reply },
                ]),
              ...(input.extraSystemPrompt !== undefined ? { extraSystemPrompt: input.extraSystemPrompt } : {}),
              attachments: await attachmentContext(uploadFiles, parser, attached, provider.reads, signal),
            };
            const steps = runTurn(graph, turn, session.sessionId, signal);
            for (let step = await steps.next(); ; step = await steps.next()) {
              if (step.done) {
                outcome = step.value;
                break;
              }
              answer += step.value;
              yield { type: 'delta', text: step.value };
            }
            citations = outcome.citations;
            if (outcome.failure) failure = { code: failureCode(outcome.failure) };
          }
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
            usage: outcome?.usage ?? { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
            latencyMs: Date.now() - started,
            cost: failure ? 0 : price,
            status,
            errorCode: failure?.code ?? null,
            trace: outcome?.trace ?? [],
            fallback: status === 'done' && isFallback(answer, basic.fallbackReply),
          });
          // Returns at once: a case opens (or not) after the answer, never in its way.
          caseOpener.answerRecorded({
            access,
            sessionId: session.sessionId,
            locale: input.locale ?? DEFAULT_LOCALE,
            model: basic.model,
            flowForms: failure ? [] : completedFlowForms(graph, outcome),
          });
        }
        if (failure) {
          yield { type: 'error', code: failure.code, message: failure.code };
          return;
        }
        yield {
          type: 'done',
          completionId,
          sessionId: session.sessionId,
          citations,
          usage: outcome?.usage ?? { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
        };
      };

      return { sessionId: session.sessionId, completionId, run };
    },

    /**
     * Runs a robot's draft flow once, as its editor's debug panel asks: the same nodes and services as an
     * answer, charged the same, but not stored as an answer. `sessionId` continues a debug conversation.
     */
    async debug(
      access: ChatAccess,
      draft: { version: FlowVersion; graph: FlowGraph },
      input: { question: string; sessionId?: string; locale: Locale },
      signal: AbortSignal,
    ): Promise<DebugOutcome> {
      const { basic, welcome } = await robotSettings(access);
      const graph = runnableGraph(draft.version, draft.graph);
      await checkCredits(access, priceOf(graph, basic));
      const sessionId = input.sessionId ?? `debug-${randomUUID()}`;
      const outcome = await runOnce(graph, { ...input, access, sessionId, basic, welcome }, signal, true);
      return { answer: outcome.answer, trace: outcome.trace, sessionId };
    },

    /**
     * Answers one question the way the robot answers visitors (its published flow, else its basic config), as
     * a new conversation, for an evaluation: charged like an answer (refunded when it fails), not stored as one.
     */
    async evaluate(
      access: ChatAccess,
      input: { question: string; locale: Locale },
      signal: AbortSignal,
    ): Promise<EvaluatedAnswer> {
      const { basic, welcome } = await robotSettings(access);
      const graph = await answeringFlow(access, basic, input.locale);
      const started = Date.now();
      const sessionId = `evaluation-${randomUUID()}`;
      const outcome = await runOnce(graph, { ...input, access, sessionId, basic, welcome }, signal, false);
      return {
        answer: outcome.answer,
        citations: outcome.citations,
        fallback: !outcome.failure && isFallback(outcome.answer, basic.fallbackReply),
        latencyMs: Date.now() - started,
        usage: outcome.usage,
        errorCode: outcome.failure ? failureCode(outcome.failure) : null,
      };
    },

    /**
     * A configured model's whole reply to instructions and one question (temperature 0): for work beside
     * answers, such as filling a case form from a conversation or judging an answer. Undefined for the
     * builtin model, which has no model to ask.
     */
    completeWith,

    /** Resolves once the case openings after answers are done (tests wait for it instead of for time). */
    casesSettled: () => caseOpener.settled(),

    /** Waits for the case openings under way, then closes the upstream models' connection pools (server close). */
    async close(): Promise<void> {
      await caseOpener.close();
      await Promise.all([...upstreams.values()].map(({ provider }) => provider.close()));
    },
  };
}

export type AnswerEngine = ReturnType<typeof createAnswerEngine>;
