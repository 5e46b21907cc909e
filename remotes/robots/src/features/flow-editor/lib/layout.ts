import { graphlib, layout } from '@dagrejs/dagre';
import type { FlowGraph } from '@flotilla/shared';

/** The size a node is laid out with when the canvas has not measured it. */
export const DEFAULT_NODE_SIZE = { width: 220, height: 72 };

type Size = { width: number; height: number };

/**
 * The graph laid out top to bottom (dagre): each node's position is its top-left corner, as the canvas
 * places it. `sizes` are the measured sizes of the nodes, by id.
 */
export function autoLayout(graph: FlowGraph, sizes: Readonly<Record<string, Size>> = {}): FlowGraph {
  const g = new graphlib.Graph();
  g.setGraph({ rankdir: 'TB', nodesep: 60, ranksep: 80, marginx: 40, marginy: 40 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const node of graph.nodes) g.setNode(node.id, { ...(sizes[node.id] ?? DEFAULT_NODE_SIZE) });
  for (const edge of graph.edges) {
    if (g.hasNode(edge.source) && g.hasNode(edge.target)) g.setEdge(edge.source, edge.target);
  }
  layout(g);
  return {
    ...graph,
    nodes: graph.nodes.map((node) => {
      const placed = g.node(node.id) as { x: number; y: number; width: number; height: number };
      return {
        ...node,
        position: { x: Math.round(placed.x - placed.width / 2), y: Math.round(placed.y - placed.height / 2) },
      };
    }),
  };
}
