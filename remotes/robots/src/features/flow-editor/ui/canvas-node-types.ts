import { FLOW_NODE_TYPES, type FlowNodeType } from '@flotilla/shared';
import type { NodeTypes } from 'reactflow';
import { FlowNodeCard } from './flow-node-card';

/**
 * reactflow's renderer of each node type, made once: a new object on each render would make reactflow
 * mount every node again.
 */
export const CANVAS_NODE_TYPES: NodeTypes = Object.fromEntries(
  FLOW_NODE_TYPES.map((type) => [type, FlowNodeCard]),
) as Record<FlowNodeType, typeof FlowNodeCard>;
