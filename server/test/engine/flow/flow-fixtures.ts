import type { Citation, FlowEdge, FlowGraph, FlowNode, Locale } from '@flotilla/shared/contracts';
import { validateFlow } from '@flotilla/shared/flows';
import type { FlowServices } from '../../../src/engine/flow/node-types';
import { indexFlow, runFlow, type FlowOutcome } from '../../../src/engine/flow/run-flow';
import { emptySessionState, type FlowSessionState } from '../../../src/engine/flow/session-state';

export const FALLBACK = 'Sorry, I cannot answer that.';

/** A node of a hand-built graph (its data checked by `flowOf`). */
export const node = (id: string, type: FlowNode['type'], data: Record<string, unknown> = {}) =>
  ({ id, type, position: { x: 0, y: 0 }, data }) as FlowNode;

/** An edge from `source` (by `handle`, or its one output) to `target`. */
export const edge = (source: string, target: string, handle?: string): FlowEdge => ({
  id: `${source}-${handle ?? 'out'}-${target}`,
  source,
  target,
  ...(handle !== undefined ? { sourceHandle: handle } : {}),
});

/** Edges along a line of node ids, each leaving by its one output. */
export const line = (...ids: string[]): FlowEdge[] => ids.slice(1).map((target, i) => edge(ids[i] as string, target));

/**
 * A graph of a start node, the nodes given and an end node, joined by `edges`. Refuses a graph the editor
 * would refuse, so every run is of a flow a user could save.
 */
export function graphOf(nodes: FlowNode[], edges: FlowEdge[]): FlowGraph {
  const graph: FlowGraph = { nodes: [node('start', 'start'), ...nodes, node('end', 'end')], edges };
  const checked = validateFlow('v3', graph);
  if (!checked.ok) throw new Error(`the test's flow is invalid: ${JSON.stringify(checked.issues)}`);
  return graph;
}

/** Services that fail the test when a node reaches one the test did not set up. */
export function fakeServices(overrides: Partial<FlowServices> = {}): FlowServices {
  const unexpected = (name: string) => () => {
    throw new Error(`unexpected call of ${name}`);
  };
  return {
    searchKnowledge: unexpected('searchKnowledge'),
    answer: unexpected('answer'),
    classifyWithModel: async () => 'builtin',
    fetch: unexpected('fetch'),
    readWebPage: unexpected('readWebPage'),
    lookUpDatabases: unexpected('lookUpDatabases'),
    ...overrides,
  };
}

export type RunOptions = {
  services?: FlowServices;
  state?: FlowSessionState;
  locale?: Locale;
  signal?: AbortSignal;
  /** Called with each piece of text as it is said (before the run goes on). */
  onSay?: (text: string) => void;
};

/** Runs a flow for one question: the pieces of text it said, in order, and its outcome. */
export async function ask(
  graph: FlowGraph,
  question: string,
  options: RunOptions = {},
): Promise<{ said: string[]; outcome: FlowOutcome }> {
  const steps = runFlow(
    indexFlow(graph),
    {
      question,
      locale: options.locale ?? 'zh-CN',
      state: options.state ?? emptySessionState(),
      services: options.services ?? fakeServices(),
      fallbackReply: FALLBACK,
    },
    options.signal ?? new AbortController().signal,
  );
  const said: string[] = [];
  for (let step = await steps.next(); ; step = await steps.next()) {
    if (step.done) return { said, outcome: step.value };
    said.push(step.value);
    options.onSay?.(step.value);
  }
}

/** The trace step of one node. */
export const stepOf = (outcome: FlowOutcome, nodeId: string) => outcome.trace.find((step) => step.nodeId === nodeId);

/** The status of each node in the trace, by node id. */
export const statuses = (outcome: FlowOutcome) =>
  Object.fromEntries(outcome.trace.map((step) => [step.nodeId, step.status]));

/** A passage as a knowledge search finds it (numbered by the node). */
export const passage = (segmentId: string, text: string): Citation => ({
  index: 0,
  segmentId,
  fileName: `${segmentId}.md`,
  datasetId: 'ds-1',
  text,
});

/** A response as the outbound fetch gives it. */
export const response = (status: number, body: string, contentType = 'application/json') => ({
  status,
  headers: { 'content-type': contentType },
  url: 'https://api.example.com/',
  contentType,
  body: Buffer.from(body),
});

/** A promise that never settles: a service that hangs. */
export const never = <T>() => new Promise<T>(() => undefined);
