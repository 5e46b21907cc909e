import {
  CONDITION_HANDLES,
  ERROR_HANDLE,
  OTHER_CLASS_HANDLE,
  type FlowNode,
  type FlowNodeType,
} from '../contracts/flows';

/**
 * What each node type gives later nodes as `{{<nodeId>.<output>}}`. formCollect adds one output per field
 * (see {@link nodeOutputs}).
 */
export const NODE_OUTPUTS: Record<FlowNodeType, readonly string[]> = {
  start: ['question'],
  aiChat: ['answer'],
  knowledgeSearch: ['text', 'count'],
  dbQuery: ['text', 'count', 'json'],
  classify: ['class', 'classId'],
  condition: ['result'],
  setVariable: ['value'],
  httpRequest: ['status', 'body', 'json'],
  webReader: ['title', 'text'],
  formCollect: [],
  reply: ['text'],
  end: [],
};

/** The outputs a node offers the variables of later nodes. */
export function nodeOutputs(node: FlowNode): string[] {
  if (node.type === 'formCollect') return node.data.fields.map((field) => field.name);
  return [...NODE_OUTPUTS[node.type]];
}

/** The node types whose text reaches the chatter. */
export const SPEAKING_TYPES: ReadonlySet<FlowNodeType> = new Set(['aiChat', 'reply', 'formCollect']);

/**
 * The source handles a node leaves by, besides the failure branch: one per class (plus `else`) for classify,
 * `true`/`false` for condition, none for end, one unnamed (`undefined`) for the rest.
 */
export function outputHandles(node: FlowNode): Array<string | undefined> {
  switch (node.type) {
    case 'classify':
      return [...node.data.classes.map((c) => c.id), OTHER_CLASS_HANDLE];
    case 'condition':
      return [...CONDITION_HANDLES];
    case 'end':
      return [];
    default:
      return [undefined];
  }
}

/** The handles that must be connected for the node to lead somewhere (the `else` of classify may stay open). */
export function requiredHandles(node: FlowNode): Array<string | undefined> {
  if (node.type === 'classify') return node.data.classes.map((c) => c.id);
  return outputHandles(node);
}

/** Whether an edge may leave a node by this handle. */
export function isValidHandle(node: FlowNode, handle: string | undefined): boolean {
  if (node.type === 'end') return false;
  if (handle === ERROR_HANDLE) return node.type !== 'start';
  return outputHandles(node).includes(handle ?? undefined);
}
