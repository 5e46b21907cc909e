import type { BasicConfig, FlowGraph } from '@flotilla/shared/contracts';

/**
 * The fixed flow a robot without its own flow answers with: start → (knowledge search) → aiChat → end,
 * from its basic config. The aiChat node takes the model, prompt and temperature of the config itself.
 */
export function basicFlow(basic: Pick<BasicConfig, 'librarySearch' | 'datasetIds'>): FlowGraph {
  const searches = basic.librarySearch && basic.datasetIds.length > 0;
  const nodes: FlowGraph['nodes'] = [
    { id: 'start', type: 'start', position: { x: 200, y: 200 }, data: {} },
    ...(searches
      ? [
          {
            id: 'knowledge',
            type: 'knowledgeSearch' as const,
            position: { x: 200, y: 350 },
            data: { datasetIds: basic.datasetIds },
          },
        ]
      : []),
    { id: 'answer', type: 'aiChat', position: { x: 200, y: 500 }, data: {} },
    { id: 'end', type: 'end', position: { x: 200, y: 650 }, data: {} },
  ];
  const ids = nodes.map((node) => node.id);
  const edges = ids.slice(1).map((target, i) => ({ id: `edge_${i}`, source: ids[i] as string, target }));
  return { nodes, edges };
}
