import { GetFlow, request, type FlowVersion } from '@flotilla/shared';

/** Which editor a flow robot's flow opens in: its version (v1 steps or a v3 graph). */
export async function getFlowVersion(processId: string): Promise<FlowVersion> {
  const flow = await request(GetFlow, { params: { processId } });
  return flow.version;
}
