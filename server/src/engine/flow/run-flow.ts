import {
  ERROR_HANDLE,
  type Citation,
  type FlowEdge,
  type FlowGraph,
  type FlowNode,
  type Locale,
  type TraceStep,
  type Usage,
} from '@flotilla/shared/contracts';
import { asNodeError, NodeError } from './node-error';
import type { FlowServices, NodeResult, RunContext, Scope } from './node-types';
import { NODE_EXECUTORS } from './nodes';
import type { FlowSessionState } from './session-state';
import { traceValue } from './trace-value';

/** A flow ready to run: its nodes by id and where each output leads. */
export type IndexedFlow = {
  start: FlowNode;
  byId: ReadonlyMap<string, FlowNode>;
  /** `<nodeId>\u0000<handle>` → the node it leads to (the empty handle is a node's one output). */
  next: ReadonlyMap<string, string>;
  nodes: readonly FlowNode[];
};

const link = (source: string, handle: string | undefined) => `${source}\u0000${handle ?? ''}`;
const indexes = new WeakMap<FlowGraph, IndexedFlow>();

/** A checked v3 graph as the runner reads it (indexed once per graph object). */
export function indexFlow(graph: FlowGraph): IndexedFlow {
  const known = indexes.get(graph);
  if (known) return known;
  const start = graph.nodes.find((node) => node.type === 'start');
  if (!start) throw new Error('A flow without a start node cannot run (validateFlow refuses it).');
  const next = new Map(graph.edges.map((edge: FlowEdge) => [link(edge.source, edge.sourceHandle), edge.target]));
  const indexed = { start, byId: new Map(graph.nodes.map((node) => [node.id, node])), next, nodes: graph.nodes };
  indexes.set(graph, indexed);
  return indexed;
}

export type FlowRunInput = {
  question: string;
  locale: Locale;
  state: FlowSessionState;
  services: FlowServices;
  /** What the robot says when the flow said nothing. */
  fallbackReply: string;
};

/** How a run ended: what it said, each node's trace, the passages cited, the state to keep, its failure. */
export type FlowOutcome = {
  answer: string;
  trace: TraceStep[];
  citations: Citation[];
  usage: Usage;
  state: FlowSessionState;
  /** The node error that ended the run (a node with no failure branch failed). */
  failure?: NodeError;
};

const ZERO_USAGE: Usage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };

/**
 * Runs a flow for one question: from the start, or from the formCollect node the session waits at. Yields
 * what the speaking nodes say as they say it and returns the outcome. A failing node is retried (`retries`,
 * only while it has said nothing), then its failure branch (`error` handle) is taken; without one the run
 * ends with the failure. Every node is bounded by its time limit; aborting `signal` stops the run.
 */
export async function* runFlow(
  flow: IndexedFlow,
  input: FlowRunInput,
  signal: AbortSignal,
): AsyncGenerator<string, FlowOutcome> {
  const run: RunContext = {
    question: input.question,
    locale: input.locale,
    state: input.state,
    services: input.services,
    citations: [],
    usage: ZERO_USAGE,
  };
  const pending = input.state.waiting ? flow.byId.get(input.state.waiting.nodeId) : undefined;
  const waiting = pending?.type === 'formCollect' ? pending : undefined;
  // A form the flow no longer has (republished since): the run starts over and stops waiting for it.
  if (!waiting) delete input.state.waiting;
  const scope: Scope = { ...(waiting ? input.state.waiting?.outputs : {}), session: input.state.variables };
  scope[flow.start.id] = { question: input.question };
  scope.start = scope[flow.start.id];

  const trace: TraceStep[] = [];
  let answer = '';
  let failure: NodeError | undefined;
  let node: FlowNode | undefined = waiting ?? flow.start;
  let steps = 0;
  while (node && !signal.aborted && steps <= flow.nodes.length) {
    steps += 1;
    const started = performance.now();
    const attempt = yield* runNode(node, scope, run, signal);
    const ms = Math.round((performance.now() - started) * 1000) / 1000;
    answer += attempt.said;
    if ('error' in attempt) {
      const error = attempt.error;
      trace.push({
        nodeId: node.id,
        type: node.type,
        status: 'error',
        // A working node tells its input when it is done; failed, its settings show what it was asked to do.
        input: traceValue(attempt.input ?? node.data),
        output: null,
        ms,
        error: { code: error.code, message: error.message },
      });
      // Stopped because the chatter went away: the run ends, which is no failure of the flow.
      if (signal.aborted) break;
      const branch = flow.next.get(link(node.id, ERROR_HANDLE));
      if (!branch) {
        failure = error;
        break;
      }
      scope[node.id] = { error: { code: error.code, message: error.message } };
      node = flow.byId.get(branch);
      continue;
    }
    const { result } = attempt;
    scope[node.id] = result.output;
    trace.push({
      nodeId: node.id,
      type: node.type,
      status: 'ok',
      input: traceValue(result.input),
      output: traceValue(result.output),
      ms,
    });
    if (result.waitFor !== undefined) {
      run.state.waiting = { nodeId: node.id, field: result.waitFor, outputs: outputsOf(scope) };
      break;
    }
    if (run.state.waiting?.nodeId === node.id) delete run.state.waiting;
    if (node.type === 'end') break;
    const target = flow.next.get(link(node.id, result.handle));
    node = target === undefined ? undefined : flow.byId.get(target);
  }

  if (answer === '' && !failure && !signal.aborted && !run.state.waiting) {
    answer = input.fallbackReply;
    yield input.fallbackReply;
  }
  const ran = new Set(trace.map((step) => step.nodeId));
  for (const skipped of flow.nodes) {
    if (!ran.has(skipped.id))
      trace.push({ nodeId: skipped.id, type: skipped.type, status: 'skipped', input: null, output: null, ms: 0 });
  }
  return {
    answer,
    trace,
    citations: run.citations,
    usage: run.usage,
    state: run.state,
    ...(failure ? { failure } : {}),
  };
}

/** The nodes' outputs of a paused run, kept for its resumption (start and session are set anew). */
function outputsOf(scope: Scope): Record<string, Record<string, unknown>> {
  const { start: _start, session: _session, ...outputs } = scope;
  return outputs as Record<string, Record<string, unknown>>;
}

type Attempt =
  { said: string; result: NodeResult } | { said: string; error: NodeError; input?: Record<string, unknown> };

/** Runs one node with its retries and time limit; yields what it says. */
async function* runNode(
  node: FlowNode,
  scope: Scope,
  run: RunContext,
  signal: AbortSignal,
): AsyncGenerator<string, Attempt> {
  const executor = NODE_EXECUTORS[node.type];
  if (executor.kind === 'instant') {
    try {
      const result = (executor.run as InstantRun)(node, scope, run);
      if (result.say) yield result.say;
      return { said: result.say ?? '', result };
    } catch (error) {
      return { said: '', error: asNodeError(error) };
    }
  }
  const retries = node.data.retries ?? 0;
  const timeoutMs = node.data.timeoutMs ?? executor.timeoutMs;
  let said = '';
  for (let attempt = 0; ; attempt += 1) {
    const outcome = yield* workOnce(node, scope, run, signal, executor.run as WorkingRun, timeoutMs);
    said += outcome.said;
    if ('result' in outcome) return { said, result: outcome.result };
    // Retried only while nothing was said: a half-said answer is not said twice.
    if (attempt >= retries || outcome.said !== '' || signal.aborted) return { said, error: outcome.error };
  }
}

type InstantRun = (node: FlowNode, scope: Scope, run: RunContext) => NodeResult & { say?: string };
type WorkingRun = (
  node: FlowNode,
  scope: Scope,
  run: RunContext,
  signal: AbortSignal,
) => AsyncGenerator<string, NodeResult>;

/** One attempt of a working node, ended by its time limit or the run's signal whatever the node does. */
async function* workOnce(
  node: FlowNode,
  scope: Scope,
  run: RunContext,
  runSignal: AbortSignal,
  work: WorkingRun,
  timeoutMs: number,
): AsyncGenerator<string, { said: string; result: NodeResult } | { said: string; error: NodeError }> {
  const controller = new AbortController();
  const timedOut = new NodeError('NODE_TIMEOUT', `${node.type} took longer than ${timeoutMs} ms`);
  const timer = setTimeout(() => controller.abort(timedOut), timeoutMs);
  const onAbort = () => controller.abort(runSignal.reason);
  runSignal.addEventListener('abort', onAbort, { once: true });
  const stopped = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
  });
  stopped.catch(() => undefined);
  const steps = work(node, scope, run, controller.signal);
  let said = '';
  try {
    for (;;) {
      const step = await Promise.race([steps.next(), stopped]);
      if (step.done) return { said, result: step.value };
      said += step.value;
      yield step.value;
    }
  } catch (error) {
    void steps.return(undefined as never).catch(() => undefined);
    return { said, error: controller.signal.reason === timedOut ? timedOut : asNodeError(error) };
  } finally {
    clearTimeout(timer);
    runSignal.removeEventListener('abort', onAbort);
  }
}
