import type { FlowEdge, FlowGraph, FlowNode } from '../contracts/flows';

/** A fresh node or edge id not in `taken` (`reply_k3f9`): short, readable in `{{…}}`, unique in its flow. */
export function freshId(prefix: string, taken: ReadonlySet<string>): string {
  for (;;) {
    const id = `${prefix}_${Math.random().toString(36).slice(2, 6)}`;
    if (!taken.has(id)) return id;
  }
}

/**
 * A copy of a graph with new ids for every node and edge (an imported flow, pasted nodes), the edges and
 * every `{{oldId.…}}` in the nodes' texts following them. `taken` holds the ids already in use.
 */
export function remapIds(graph: FlowGraph, taken: ReadonlySet<string> = new Set()): FlowGraph {
  const used = new Set(taken);
  const mapping = new Map<string, string>();
  for (const node of graph.nodes) {
    const id = node.type === 'start' && !used.has('start') ? 'start' : freshId(node.type, used);
    used.add(id);
    mapping.set(node.id, id);
  }
  const renameVariables = (value: unknown): unknown => {
    if (typeof value === 'string')
      return value.replace(/\{\{\s*([A-Za-z0-9_-]+)/g, (whole, root: string) => {
        const renamed = mapping.get(root);
        return renamed ? whole.replace(root, renamed) : whole;
      });
    if (Array.isArray(value)) return value.map(renameVariables);
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, renameVariables(inner)]));
    return value;
  };
  const nodes = graph.nodes.map(
    (node) => ({ ...node, id: mapping.get(node.id) as string, data: renameVariables(node.data) }) as FlowNode,
  );
  const edges = graph.edges
    .filter((edge) => mapping.has(edge.source) && mapping.has(edge.target))
    .map((edge): FlowEdge => {
      const id = freshId('edge', used);
      used.add(id);
      return { ...edge, id, source: mapping.get(edge.source) as string, target: mapping.get(edge.target) as string };
    });
  return { nodes, edges };
}
