import type {
  Cell,
  Citation,
  FlowClass,
  FlowNode,
  FlowNodeOf,
  FlowNodeType,
  Locale,
  Usage,
} from '@flotilla/shared/contracts';
import type { OutboundMethod, SafeResponse, WebPage } from '../../lib/outbound';
import type { AnswerChunk } from '../providers/provider';
import type { FlowSessionState } from './session-state';

/** What the knowledge search of a node found. */
export type FoundKnowledge = { citations: Citation[]; qaAnswer?: string };

/** What a lookup in the robot's databases found: the rows as text and as JSON, and what the answer cites. */
export type FoundRows = {
  /** The rows as a reader would say them (a row's described fields, or a small table). */
  text: string;
  rows: Array<Record<string, Cell>>;
  /** Numbered by the node after the passages found before. */
  citations: Array<Omit<Citation, 'index'>>;
  usage: Usage;
};

/**
 * A dbQuery node's request: the databases, what to look up, the rows at most, the model (undefined: the
 * robot's), and the node's time limit, which bounds each statement's own.
 */
export type DatabaseLookupRequest = {
  databaseIds: string[];
  query: string;
  limit: number;
  model?: string;
  timeoutMs: number;
};

/**
 * Everything a flow's nodes reach outside the flow, given by the answer engine (tests give fakes): the
 * robot's knowledge, its models, the web. Each call honours `signal`.
 */
export interface FlowServices {
  searchKnowledge(datasetIds: string[], query: string, limit: number, signal: AbortSignal): Promise<FoundKnowledge>;
  /** Streams a model's answer: the robot's model and prompt unless the node names its own. */
  answer(
    request: { model?: string; prompt?: string; temperature?: number; knowledge: Citation[]; qaAnswer?: string },
    signal: AbortSignal,
  ): AsyncIterable<AnswerChunk>;
  /** The class a model picks for a query (its id), or undefined for none; `model` undefined: the robot's. */
  classifyWithModel(
    model: string | undefined,
    query: string,
    classes: readonly FlowClass[],
    signal: AbortSignal,
  ): Promise<{ classId: string | undefined; usage: Usage } | 'builtin'>;
  fetch(
    url: string,
    options: {
      method: OutboundMethod;
      headers: Record<string, string>;
      body?: string;
      timeoutMs: number;
      signal: AbortSignal;
    },
  ): Promise<SafeResponse>;
  readWebPage(url: string, options: { timeoutMs: number; signal: AbortSignal }): Promise<WebPage>;
  /** Reads the databases (throws DatabaseLookupError with a stable code when it cannot). */
  lookUpDatabases(request: DatabaseLookupRequest, signal: AbortSignal): Promise<FoundRows>;
}

/** What one run of a flow shares between its nodes. */
export type RunContext = {
  question: string;
  locale: Locale;
  state: FlowSessionState;
  services: FlowServices;
  /** Passages found so far, numbered in order for the answer's citations. */
  citations: Citation[];
  qaAnswer?: string;
  usage: Usage;
};

/** What a node gives the run: its outputs (`{{<nodeId>.<output>}}`), the handle it leaves by, or a pause. */
export type NodeResult = {
  input: Record<string, unknown>;
  output: Record<string, unknown>;
  /** The source handle to follow (undefined: the node's one output). */
  handle?: string;
  /** The node asked the chatter something: the run stops, and the next question resumes at this node. */
  waitFor?: string;
};

/** The variables a node's texts read: `start`, `session` and every node that ran. */
export type Scope = Record<string, unknown>;

/** A node that does its work at once (no I/O): what it says and its result. */
export type InstantNode<K extends FlowNodeType> = (
  node: FlowNodeOf<K>,
  scope: Scope,
  run: RunContext,
) => NodeResult & { say?: string };
/** A node that waits on something (a model, the web, the knowledge): it streams what it says, then returns its result. */
export type WorkingNode<K extends FlowNodeType> = (
  node: FlowNodeOf<K>,
  scope: Scope,
  run: RunContext,
  signal: AbortSignal,
) => AsyncGenerator<string, NodeResult>;

/** How a node type runs: at once, or as work with a default time limit (ms). */
export type NodeExecutor<K extends FlowNodeType> =
  { kind: 'instant'; run: InstantNode<K> } | { kind: 'working'; run: WorkingNode<K>; timeoutMs: number };

export type NodeExecutors = { [K in FlowNodeType]: NodeExecutor<K> };

export type { FlowNode };
