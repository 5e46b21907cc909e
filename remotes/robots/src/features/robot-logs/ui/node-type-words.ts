import type { FlowNodeType } from '@flotilla/shared';

/** The name of each node type as a trace shows it. */
export const NODE_TYPE_WORDS: Readonly<Record<FlowNodeType, string>> = {
  start: 'robots.trace.node.start',
  aiChat: 'robots.trace.node.aiChat',
  knowledgeSearch: 'robots.trace.node.knowledgeSearch',
  dbQuery: 'robots.trace.node.dbQuery',
  classify: 'robots.trace.node.classify',
  condition: 'robots.trace.node.condition',
  setVariable: 'robots.trace.node.setVariable',
  httpRequest: 'robots.trace.node.httpRequest',
  webReader: 'robots.trace.node.webReader',
  formCollect: 'robots.trace.node.formCollect',
  reply: 'robots.trace.node.reply',
  end: 'robots.trace.node.end',
};
