import { ListFlowVersions, request, type FlowVersionListResponse } from '@flotilla/shared';

/** The most versions the side sheet lists (newest first). */
export const VERSIONS_SHOWN = 50;

/** The robot's published versions, newest first. */
export function listFlowVersions(processId: string): Promise<FlowVersionListResponse> {
  return request(ListFlowVersions, { params: { processId }, query: { offset: 0, limit: VERSIONS_SHOWN } });
}
