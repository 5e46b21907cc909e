import type { FlowGraph } from '@flotilla/shared';
import { nodeOutputs } from '@flotilla/shared/flows';

/** A variable a templated field may insert, and the node it comes from (none for start and session). */
export type VariableOption = { value: string; nodeId: string | null };

/** The ids of the nodes some path leads from to `nodeId` (its ancestors), nearest first. */
export function nodesBefore(graph: FlowGraph, nodeId: string): string[] {
  const into = new Map<string, string[]>();
  for (const edge of graph.edges) into.set(edge.target, [...(into.get(edge.target) ?? []), edge.source]);
  const seen = new Set<string>([nodeId]);
  const order: string[] = [];
  const queue = [nodeId];
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    for (const source of into.get(id) ?? []) {
      if (seen.has(source)) continue;
      seen.add(source);
      order.push(source);
      queue.push(source);
    }
  }
  return order;
}

/**
 * The variables a field of `nodeId` may use: the question, the session variables the flow sets, and
 * the outputs of the nodes before it.
 */
export function variablesFor(graph: FlowGraph, nodeId: string): VariableOption[] {
  const options: VariableOption[] = [{ value: '{{start.question}}', nodeId: null }];
  const sessionNames = new Set<string>();
  for (const node of graph.nodes) {
    if (node.type === 'setVariable' && node.data.name) sessionNames.add(node.data.name);
    if (node.type === 'formCollect') for (const field of node.data.fields) sessionNames.add(field.name);
  }
  for (const name of sessionNames) options.push({ value: `{{session.${name}}}`, nodeId: null });
  const byId = new Map(graph.nodes.map((node) => [node.id, node]));
  for (const id of nodesBefore(graph, nodeId)) {
    const node = byId.get(id);
    if (!node || node.type === 'start') continue;
    for (const output of nodeOutputs(node)) options.push({ value: `{{${id}.${output}}}`, nodeId: id });
  }
  return options;
}
