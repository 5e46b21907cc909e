import type { BasicConfig, FlowEdge, FlowGraph, FlowNode, Locale } from '@flotilla/shared/contracts';
import { message } from '../../lib/messages';

/**
 * The fixed flow a robot without its own flow answers with, from its basic config: start → (database
 * lookup) → (knowledge search) → aiChat → end. The aiChat node takes the model, prompt and temperature of
 * the config itself. A lookup that fails says, in the chatter's language, that it cannot look that up.
 */
export function basicFlow(
  basic: Pick<BasicConfig, 'librarySearch' | 'datasetIds' | 'dbSearch' | 'databaseIds'>,
  locale: Locale = 'zh-CN',
): FlowGraph {
  const searches = basic.librarySearch && basic.datasetIds.length > 0;
  const reads = basic.dbSearch && basic.databaseIds.length > 0;
  const nodes: FlowNode[] = [
    { id: 'start', type: 'start', position: { x: 200, y: 200 }, data: {} },
    ...(reads
      ? [
          {
            id: 'database',
            type: 'dbQuery' as const,
            position: { x: 200, y: 275 },
            data: { databaseIds: basic.databaseIds },
          },
        ]
      : []),
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
  const edges: FlowEdge[] = ids.slice(1).map((target, i) => ({ id: `edge_${i}`, source: ids[i] as string, target }));
  if (reads) {
    nodes.push({
      id: 'databaseUnavailable',
      type: 'reply',
      position: { x: 450, y: 275 },
      data: { text: message('DATABASE_LOOKUP_UNAVAILABLE', locale) },
    });
    edges.push(
      { id: 'edge_database_error', source: 'database', sourceHandle: 'error', target: 'databaseUnavailable' },
      { id: 'edge_database_unavailable', source: 'databaseUnavailable', target: 'end' },
    );
  }
  return { nodes, edges };
}
