import { FLOW_NODE_TYPES, type FlowNodeType } from '@flotilla/shared';

/** The drag data type a palette item carries (its value is the node type). */
export const PALETTE_MIME = 'application/x-flotilla-flow-node';

/** The node type a drop carries, or null for anything else dropped. */
export function droppedNodeType(value: string): FlowNodeType | null {
  return (FLOW_NODE_TYPES as readonly string[]).includes(value) ? (value as FlowNodeType) : null;
}
