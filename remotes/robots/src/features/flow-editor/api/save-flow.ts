import { request, SaveFlow, type Flow, type FlowGraph } from '@flotilla/shared';

/** Saves the graph as the robot's v3 draft (a 422 names the nodes it cannot run). */
export function saveFlow({ processId, graph }: { processId: string; graph: FlowGraph }): Promise<Flow> {
  return request(SaveFlow, {
    params: { processId },
    body: { version: 'v3', nodes: graph.nodes, edges: graph.edges },
    inline: true,
  }) as Promise<Flow>;
}
