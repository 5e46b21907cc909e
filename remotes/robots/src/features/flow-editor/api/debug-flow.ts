import { DebugFlow, request, type DebugFlowBody, type DebugFlowResponse } from '@flotilla/shared';

/** Runs the robot's draft once for a question; answers the answer and each node's trace. */
export function debugFlow({ processId, body }: { processId: string; body: DebugFlowBody }): Promise<DebugFlowResponse> {
  return request(DebugFlow, { params: { processId }, body, inline: true });
}
