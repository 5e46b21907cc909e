import type { NodeExecutors } from '../node-types';
import { DB_QUERY_TIMEOUT_MS, dbQueryNode } from './db-query-node';
import { formCollectNode } from './form-collect-node';
import { conditionNode, endNode, replyNode, setVariableNode, startNode } from './instant-nodes';
import { aiChatNode, classifyNode, knowledgeSearchNode } from './knowledge-nodes';
import { httpRequestNode, httpTimeoutMs, webReaderNode, webTimeoutMs } from './web-nodes';

/** How each node type runs, with the time limit of the ones that wait (a node's `timeoutMs` overrides it). */
export const NODE_EXECUTORS: NodeExecutors = {
  start: { kind: 'instant', run: startNode },
  end: { kind: 'instant', run: endNode },
  reply: { kind: 'instant', run: replyNode },
  setVariable: { kind: 'instant', run: setVariableNode },
  condition: { kind: 'instant', run: conditionNode },
  formCollect: { kind: 'instant', run: formCollectNode },
  knowledgeSearch: { kind: 'working', run: knowledgeSearchNode, timeoutMs: 15_000 },
  dbQuery: { kind: 'working', run: dbQueryNode, timeoutMs: DB_QUERY_TIMEOUT_MS },
  aiChat: { kind: 'working', run: aiChatNode, timeoutMs: 120_000 },
  classify: { kind: 'working', run: classifyNode, timeoutMs: 30_000 },
  httpRequest: { kind: 'working', run: httpRequestNode, timeoutMs: httpTimeoutMs },
  webReader: { kind: 'working', run: webReaderNode, timeoutMs: webTimeoutMs },
};
