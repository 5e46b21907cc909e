import type { FlowNodeData, FlowNodeOf, FlowNodeType } from '@flotilla/shared';
import type { VariableOption } from '../../lib/variables';

/** What a node type's panel gets: the node, a way to change fields of its data, the variables it may use. */
export type PanelProps<K extends FlowNodeType> = {
  node: FlowNodeOf<K>;
  /** Changes fields of the node's data (`undefined` removes an optional one); `field` groups an undo step. */
  change: (patch: Partial<FlowNodeData[K]>, field: string) => void;
  variables: readonly VariableOption[];
};
