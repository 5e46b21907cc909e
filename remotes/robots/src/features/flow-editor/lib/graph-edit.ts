import {
  ERROR_HANDLE,
  FLOW_LIMITS,
  LIMITS,
  type FlowEdge,
  type FlowGraph,
  type FlowNode,
  type FlowNodeType,
} from '@flotilla/shared';
import { freshId, isValidHandle, newNodeData } from '@flotilla/shared/flows';

/** How far a node added onto an occupied place moves aside, and a pasted copy from its original. */
export const NODE_OFFSET = 40;

type Point = { x: number; y: number };

const takenIds = (graph: FlowGraph) =>
  new Set([...graph.nodes.map((node) => node.id), ...graph.edges.map((e) => e.id)]);

const clamp = (value: number) => Math.max(-FLOW_LIMITS.coordinate, Math.min(FLOW_LIMITS.coordinate, value));

/** `wanted`, or the first place down-right of it by {@link NODE_OFFSET} steps that no node sits on. */
export function freePosition(graph: FlowGraph, wanted: Point): Point {
  const occupied = (point: Point) =>
    graph.nodes.some(
      (node) =>
        Math.abs(node.position.x - point.x) < NODE_OFFSET / 2 && Math.abs(node.position.y - point.y) < NODE_OFFSET / 2,
    );
  let point = { x: clamp(wanted.x), y: clamp(wanted.y) };
  for (let step = 0; step < graph.nodes.length + 1 && occupied(point); step += 1)
    point = { x: point.x + NODE_OFFSET, y: point.y + NODE_OFFSET };
  return point;
}

/** The graph with a new node of `type` (fresh id, starting data) at `position` or the default place. */
export function addNode(graph: FlowGraph, type: FlowNodeType, position?: Point): { graph: FlowGraph; id: string } {
  const id = freshId(type, takenIds(graph));
  const at = position
    ? { x: clamp(position.x), y: clamp(position.y) }
    : freePosition(graph, LIMITS.defaultNodePosition);
  const node = { id, type, position: at, data: newNodeData(type) } as FlowNode;
  return { graph: { ...graph, nodes: [...graph.nodes, node] }, id };
}

/** A connection as the canvas reports it (reactflow's, where a default handle is `null`). */
export type Connection = { source: string | null; sourceHandle?: string | null; target: string | null };

/**
 * The graph with `connection` as an edge, replacing the edge that left by the same handle (an output leads
 * to one node). Unchanged for a connection the flow cannot hold (to itself, into the start, a bad handle).
 */
export function connect(graph: FlowGraph, connection: Connection): FlowGraph {
  const { source, target } = connection;
  const handle = connection.sourceHandle ?? undefined;
  if (!source || !target || source === target) return graph;
  const from = graph.nodes.find((node) => node.id === source);
  const to = graph.nodes.find((node) => node.id === target);
  if (!from || !to || to.type === 'start' || !isValidHandle(from, handle)) return graph;
  const kept = graph.edges.filter((edge) => !(edge.source === source && (edge.sourceHandle ?? undefined) === handle));
  const edge: FlowEdge = { id: freshId('edge', takenIds(graph)), source, target };
  if (handle !== undefined) edge.sourceHandle = handle;
  return { ...graph, edges: [...kept, edge] };
}

/** The graph without the given nodes (and their edges) and edges. */
export function removeElements(graph: FlowGraph, nodeIds: readonly string[], edgeIds: readonly string[]): FlowGraph {
  if (nodeIds.length === 0 && edgeIds.length === 0) return graph;
  const nodes = new Set(nodeIds);
  const edges = new Set(edgeIds);
  return {
    nodes: graph.nodes.filter((node) => !nodes.has(node.id)),
    edges: graph.edges.filter((edge) => !edges.has(edge.id) && !nodes.has(edge.source) && !nodes.has(edge.target)),
  };
}

/**
 * The graph with a node's data replaced. Edges leaving by a handle the node no longer has (a removed
 * class) go too.
 */
export function updateNodeData(graph: FlowGraph, id: string, data: FlowNode['data']): FlowGraph {
  const index = graph.nodes.findIndex((node) => node.id === id);
  const current = graph.nodes[index];
  if (!current) return graph;
  const node = { ...current, data } as FlowNode;
  const nodes = graph.nodes.slice();
  nodes[index] = node;
  const edges = graph.edges.filter(
    (edge) =>
      edge.source !== id || edge.sourceHandle === ERROR_HANDLE || isValidHandle(node, edge.sourceHandle ?? undefined),
  );
  return { nodes, edges: edges.length === graph.edges.length ? graph.edges : edges };
}

/** The graph with nodes moved; nodes not moved keep their objects (the canvas redraws only the moved). */
export function moveNodes(graph: FlowGraph, moves: ReadonlyMap<string, Point>): FlowGraph {
  if (moves.size === 0) return graph;
  let changed = false;
  const nodes = graph.nodes.map((node) => {
    const to = moves.get(node.id);
    if (!to || (to.x === node.position.x && to.y === node.position.y)) return node;
    changed = true;
    return { ...node, position: { x: clamp(to.x), y: clamp(to.y) } };
  });
  return changed ? { ...graph, nodes } : graph;
}

/** Whether two graphs hold the same nodes and edges (same objects are the same without looking inside). */
export function sameGraph(a: FlowGraph | null, b: FlowGraph | null): boolean {
  if (a === b) return true;
  if (!a || !b || a.nodes.length !== b.nodes.length || a.edges.length !== b.edges.length) return false;
  const same = (x: unknown, y: unknown) => x === y || stableJson(x) === stableJson(y);
  return a.nodes.every((node, i) => same(node, b.nodes[i])) && a.edges.every((edge, i) => same(edge, b.edges[i]));
}

/** JSON with object keys sorted: two values the server stored in another key order compare equal. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}
