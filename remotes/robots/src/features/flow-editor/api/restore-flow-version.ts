import { request, RestoreFlowVersion, type Flow } from '@flotilla/shared';

/** Makes a published version the robot's draft again. */
export function restoreFlowVersion({ processId, versionId }: { processId: string; versionId: string }): Promise<Flow> {
  return request(RestoreFlowVersion, { params: { processId, versionId }, inline: true }) as Promise<Flow>;
}
