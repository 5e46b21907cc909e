import { PublishFlow, request, type Flow } from '@flotilla/shared';

/** Makes the robot's draft what it answers with; a new version is listed. */
export function publishFlow(processId: string): Promise<Flow> {
  return request(PublishFlow, { params: { processId }, inline: true }) as Promise<Flow>;
}
