import type { FlowGraph } from '@flotilla/shared';
import { remapIds } from '@flotilla/shared/flows';
import { NODE_OFFSET } from './graph-edit';

/** The selected nodes with the edges between them (what copy keeps); null when nothing is selected. */
export function copySelection(graph: FlowGraph, nodeIds: readonly string[]): FlowGraph | null {
  const ids = new Set(nodeIds);
  const nodes = graph.nodes.filter((node) => ids.has(node.id) && node.type !== 'start');
  if (nodes.length === 0) return null;
  const kept = new Set(nodes.map((node) => node.id));
  return { nodes, edges: graph.edges.filter((edge) => kept.has(edge.source) && kept.has(edge.target)) };
}

/**
 * The graph with a copy of `clip` added: new ids for its nodes and edges (variables following them),
 * each node {@link NODE_OFFSET} px down-right of its original. Answers the pasted nodes' ids to select.
 */
export function paste(graph: FlowGraph, clip: FlowGraph): { graph: FlowGraph; ids: string[] } {
  const taken = new Set([...graph.nodes.map((node) => node.id), ...graph.edges.map((edge) => edge.id), 'start']);
  const copy = remapIds(clip, taken);
  const nodes = copy.nodes.map((node) => ({
    ...node,
    position: { x: node.position.x + NODE_OFFSET, y: node.position.y + NODE_OFFSET },
  }));
  return {
    graph: { nodes: [...graph.nodes, ...nodes], edges: [...graph.edges, ...copy.edges] },
    ids: nodes.map((node) => node.id),
  };
}
