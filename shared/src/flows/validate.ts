import { Value } from '@sinclair/typebox/value';
import {
  FLOW_NODE_DATA,
  V1_STEP_TYPES,
  V1ClassifyDataSchema,
  type FlowEdge,
  type FlowGraph,
  type FlowNode,
  type FlowVersion,
} from '../contracts/flows';
import { isValidHandle, requiredHandles } from './node-kinds';
import { TEMPLATE_ROOTS, templateVariables } from './template';

/** Why a flow cannot run, by what a person would fix. */
export const FLOW_ISSUES = [
  'invalid', // a field of the node's data is missing or wrong
  'duplicateId',
  'noStart',
  'manyStarts',
  'noSteps',
  'notAStep', // a v1 flow holds a node type that is not a step
  'unreachable',
  'notConnected', // an output leads nowhere
  'manyTargets', // one output connected to several nodes
  'badHandle',
  'intoStart',
  'danglingEdge',
  'cycle',
  'unknownVariable',
] as const;
export type FlowIssueCode = (typeof FLOW_ISSUES)[number];

/** One problem: on a node's field, on an edge, or on the whole graph (neither). */
export type FlowIssue = {
  code: FlowIssueCode;
  nodeId?: string;
  edgeId?: string;
  /** The field of the node (`text`, `classes`…) or edge (`source`, `target`), or `id`/`next` for the node's place in the graph. */
  field: string;
  /** Where in the field, below it (`['classes', '0', 'name']` has `field` = `classes`). */
  path: string[];
  /** What is wrong, in plain English (the UI words it by `code` and `path`). */
  detail: string;
};

export type FlowCheck = { ok: true; graph: FlowGraph } | { ok: false; issues: FlowIssue[] };

const dataSchema = (version: FlowVersion, node: { type: FlowNode['type'] }) =>
  version === 'v1' && node.type === 'classify' ? V1ClassifyDataSchema : FLOW_NODE_DATA[node.type];

/**
 * Checks that a flow can run: each node's data for its type, one start, every node reachable, every
 * output connected to exactly one node, no cycle, variables that exist. A v1 flow is a list of steps with
 * no edges. The server refuses to save a flow with issues; the editor shows the same issues on the nodes.
 */
export function validateFlow(version: FlowVersion, graph: { nodes: unknown[]; edges: FlowEdge[] }): FlowCheck {
  const issues: FlowIssue[] = [];
  const nodes = graph.nodes as FlowNode[];
  const add = (issue: Omit<FlowIssue, 'path'> & { path?: string[] }) =>
    issues.push({ ...issue, path: issue.path ?? [issue.field] });

  const byId = new Map<string, FlowNode>();
  for (const node of nodes) {
    if (byId.has(node.id)) add({ code: 'duplicateId', nodeId: node.id, field: 'id', detail: 'two nodes have this id' });
    // `{{start.…}}` and `{{session.…}}` name the question and the session: no other node may take those names.
    if (node.id === 'session' || (node.id === 'start' && node.type !== 'start'))
      add({ code: 'duplicateId', nodeId: node.id, field: 'id', detail: `${node.id} is a reserved name` });
    byId.set(node.id, node);
    for (const error of Value.Errors(dataSchema(version, node), node.data)) {
      const path = error.path.split('/').filter(Boolean);
      const field = path[0] ?? 'data';
      add({ code: 'invalid', nodeId: node.id, field, path: path.length > 0 ? path : [field], detail: error.message });
    }
  }
  if (issues.length === 0) checkVariables(nodes, add);

  if (version === 'v1') {
    if (nodes.length === 0) add({ code: 'noSteps', field: 'nodes', detail: 'a v1 flow needs at least one step' });
    for (const node of nodes) {
      if (!(V1_STEP_TYPES as readonly string[]).includes(node.type))
        add({ code: 'notAStep', nodeId: node.id, field: 'type', detail: `a v1 flow has no ${node.type} step` });
    }
    for (const edge of graph.edges)
      add({ code: 'danglingEdge', edgeId: edge.id, field: 'source', detail: 'a v1 flow runs its steps in order' });
  } else {
    checkGraph(nodes, byId, graph.edges, add);
  }
  return issues.length === 0 ? { ok: true, graph: { nodes, edges: graph.edges } } : { ok: false, issues };
}

function checkGraph(
  nodes: FlowNode[],
  byId: Map<string, FlowNode>,
  edges: FlowEdge[],
  add: (issue: Omit<FlowIssue, 'path'>) => void,
): void {
  const starts = nodes.filter((node) => node.type === 'start');
  if (starts.length === 0) add({ code: 'noStart', field: 'nodes', detail: 'a flow needs a start node' });
  for (const extra of starts.slice(1))
    add({ code: 'manyStarts', nodeId: extra.id, field: 'type', detail: 'a flow has one start node' });

  const out = new Map<string, FlowEdge[]>();
  const edgeIds = new Set<string>();
  for (const edge of edges) {
    if (edgeIds.has(edge.id))
      add({ code: 'duplicateId', edgeId: edge.id, field: 'id', detail: 'two edges have this id' });
    edgeIds.add(edge.id);
    const source = byId.get(edge.source);
    const target = byId.get(edge.target);
    if (!source) add({ code: 'danglingEdge', edgeId: edge.id, field: 'source', detail: 'no node has this id' });
    if (!target) add({ code: 'danglingEdge', edgeId: edge.id, field: 'target', detail: 'no node has this id' });
    if (!source || !target) continue;
    if (target.type === 'start')
      add({ code: 'intoStart', nodeId: target.id, field: 'id', detail: 'nothing leads into the start node' });
    if (!isValidHandle(source, edge.sourceHandle)) {
      add({
        code: 'badHandle',
        nodeId: source.id,
        field: 'next',
        detail: `${source.type} has no output ${edge.sourceHandle ?? '(default)'}`,
      });
      continue;
    }
    out.set(source.id, [...(out.get(source.id) ?? []), edge]);
  }

  for (const node of nodes) {
    const leaving = out.get(node.id) ?? [];
    for (const handle of requiredHandles(node)) {
      if (!leaving.some((edge) => (edge.sourceHandle ?? undefined) === handle))
        add({
          code: 'notConnected',
          nodeId: node.id,
          field: node.type === 'classify' ? 'classes' : 'next',
          detail: handle === undefined ? 'its output leads nowhere' : `its output ${handle} leads nowhere`,
        });
    }
    const handles = leaving.map((edge) => edge.sourceHandle ?? '');
    if (new Set(handles).size !== handles.length)
      add({ code: 'manyTargets', nodeId: node.id, field: 'next', detail: 'an output connects to one node only' });
  }

  const start = starts[0];
  if (!start) return;
  const cycleAt = findCycle(start.id, out);
  if (cycleAt) add({ code: 'cycle', nodeId: cycleAt, field: 'next', detail: 'this node leads back into itself' });
  const reached = reachable(start.id, out);
  for (const node of nodes) {
    if (!reached.has(node.id))
      add({ code: 'unreachable', nodeId: node.id, field: 'id', detail: 'no path from the start reaches it' });
  }
}

/** Node ids reachable from the start, by any edge (failure branches too). */
function reachable(startId: string, out: Map<string, FlowEdge[]>): Set<string> {
  const seen = new Set([startId]);
  const stack = [startId];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    for (const edge of out.get(id) ?? []) {
      if (!seen.has(edge.target)) {
        seen.add(edge.target);
        stack.push(edge.target);
      }
    }
  }
  return seen;
}

/** A node on a cycle reachable from the start (iterative depth-first search), or undefined. */
function findCycle(startId: string, out: Map<string, FlowEdge[]>): string | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const stack: Array<{ id: string; next: number }> = [{ id: startId, next: 0 }];
  state.set(startId, 'open');
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as { id: string; next: number };
    const edge = (out.get(top.id) ?? [])[top.next];
    if (!edge) {
      state.set(top.id, 'done');
      stack.pop();
      continue;
    }
    top.next += 1;
    const seen = state.get(edge.target);
    if (seen === 'open') return edge.target;
    if (seen === undefined) {
      state.set(edge.target, 'open');
      stack.push({ id: edge.target, next: 0 });
    }
  }
  return undefined;
}

/** Every `{{root.…}}` in a node's texts names the start, the session or a node of the flow. */
function checkVariables(nodes: FlowNode[], add: (issue: Omit<FlowIssue, 'path'>) => void): void {
  const roots = new Set<string>([...TEMPLATE_ROOTS, ...nodes.map((node) => node.id)]);
  for (const node of nodes) {
    for (const [field, value] of Object.entries(node.data)) {
      for (const text of textsOf(value)) {
        for (const variable of templateVariables(text)) {
          const root = variable.split('.')[0] as string;
          if (!roots.has(root))
            add({ code: 'unknownVariable', nodeId: node.id, field, detail: `{{${variable}}} names no node` });
        }
      }
    }
  }
}

function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(textsOf);
  return [];
}

/** The issues as a FastAPI-style 422 `detail` (`loc` = `['body', 'nodes', nodeId, field, …]`). */
export function flowIssueDetail(issues: FlowIssue[]): Array<{ loc: string[]; msg: string; type: string }> {
  return issues.map((issue) => ({
    loc: issue.nodeId
      ? ['body', 'nodes', issue.nodeId, ...issue.path]
      : issue.edgeId
        ? ['body', 'edges', issue.edgeId, ...issue.path]
        : ['body', issue.field],
    msg: issue.detail,
    type: `flow.${issue.code}`,
  }));
}
