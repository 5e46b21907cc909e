import { request, SaveFlow, type SaveFlowBody } from '@flotilla/shared';
import type { FlowAnswer } from './get-flow-page';

/** Saves the flow's draft (a simple robot's first save gives it its flow); 422 names the steps that cannot run. */
export function saveFlow({ processId, body }: { processId: string; body: SaveFlowBody }): Promise<FlowAnswer> {
  return request(SaveFlow, { params: { processId }, body, inline: true });
}
