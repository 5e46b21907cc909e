import type { FlowEdge, FlowNode, TraceStatus } from '@flotilla/shared';
import type { Edge, EdgeChange, Node, NodeChange } from 'reactflow';
import { issuesKey, type NodeIssue } from './issues';

/** What a canvas node draws: the flow's node, its issues and how it ran in the last debug run. */
export type CanvasNodeData = { node: FlowNode; issues: readonly NodeIssue[] | null; status: TraceStatus | null };
export type CanvasNode = Node<CanvasNodeData>;

type Size = { width: number; height: number };

/** What the canvas shows of each node besides the node itself. */
export type CanvasState = {
  selected: ReadonlySet<string>;
  issues: ReadonlyMap<string, NodeIssue[]>;
  status: ReadonlyMap<string, TraceStatus>;
  sizes: Readonly<Record<string, Size>>;
  /**
   * The size given a node reactflow has not measured yet. Without one reactflow counts an unmeasured node as
   * in view and draws it, so a large flow would draw every node before it knows which are in view.
   */
  estimate?: Size;
};

type Cached = {
  node: FlowNode;
  selected: boolean;
  issues: string;
  status: TraceStatus | null;
  size?: Size;
  out: CanvasNode;
};

/**
 * Maps the flow's nodes to reactflow's, answering the same object for a node whose drawing did not change,
 * so its memoised component does not render again (a 300-node flow stays smooth while one node moves).
 */
export function createNodeMapper(): (nodes: readonly FlowNode[], state: CanvasState) => CanvasNode[] {
  let cache = new Map<string, Cached>();
  return (nodes, state) => {
    const next = new Map<string, Cached>();
    const out = nodes.map((node) => {
      const selected = state.selected.has(node.id);
      const issueList = state.issues.get(node.id);
      const issues = issuesKey(issueList);
      const status = state.status.get(node.id) ?? null;
      const size = state.sizes[node.id] ?? state.estimate;
      const hit = cache.get(node.id);
      if (
        hit &&
        hit.node === node &&
        hit.selected === selected &&
        hit.issues === issues &&
        hit.status === status &&
        hit.size === size
      ) {
        next.set(node.id, hit);
        return hit.out;
      }
      const data =
        hit && hit.node === node && hit.issues === issues && hit.status === status
          ? hit.out.data
          : { node, issues: issueList ?? null, status };
      const mapped: CanvasNode = {
        id: node.id,
        type: node.type,
        position: node.position,
        data,
        selected,
        deletable: false,
        ...(size ? { width: size.width, height: size.height } : {}),
      };
      next.set(node.id, { node, selected, issues, status, size, out: mapped });
      return mapped;
    });
    cache = next;
    return out;
  };
}

/** How an edge is drawn: its label (a class, true/false, the failure branch) and whether it is a failure branch. */
export type EdgeLook = { label?: string; failure: boolean };

/** Maps the flow's edges to reactflow's (a default handle is `null` there). */
export function toCanvasEdges(
  edges: readonly FlowEdge[],
  selected: ReadonlySet<string>,
  look: (edge: FlowEdge) => EdgeLook,
): Edge[] {
  return edges.map((edge) => {
    const { label, failure } = look(edge);
    return {
      id: edge.id,
      source: edge.source,
      target: edge.target,
      sourceHandle: edge.sourceHandle ?? null,
      selected: selected.has(edge.id),
      deletable: false,
      ...(label ? { label } : {}),
      ...(failure ? { className: 'flow-edge-failure' } : {}),
    };
  });
}

/** What reactflow reported about nodes: moves (with whether a drag goes on), measured sizes, selection. */
export type NodeChangeSummary = {
  moves: Map<string, { x: number; y: number }>;
  sizes: Record<string, Size>;
  selection: Array<{ id: string; selected: boolean }>;
};

/** Sorts reactflow's node changes by what the editor does with them (removal is the editor's own action). */
export function readNodeChanges(changes: readonly NodeChange[]): NodeChangeSummary {
  const summary: NodeChangeSummary = { moves: new Map(), sizes: {}, selection: [] };
  for (const change of changes) {
    if (change.type === 'position' && change.position) summary.moves.set(change.id, change.position);
    else if (change.type === 'dimensions' && change.dimensions) summary.sizes[change.id] = change.dimensions;
    else if (change.type === 'select') summary.selection.push({ id: change.id, selected: change.selected });
  }
  return summary;
}

/** The edges reactflow selected or unselected. */
export function readEdgeSelection(changes: readonly EdgeChange[]): Array<{ id: string; selected: boolean }> {
  return changes.flatMap((change) => (change.type === 'select' ? [{ id: change.id, selected: change.selected }] : []));
}

/** A selection after reactflow's changes. */
export function applySelection(
  current: readonly string[],
  changes: ReadonlyArray<{ id: string; selected: boolean }>,
): string[] {
  if (changes.length === 0) return current as string[];
  const set = new Set(current);
  for (const { id, selected } of changes) {
    if (selected) set.add(id);
    else set.delete(id);
  }
  return [...set];
}
