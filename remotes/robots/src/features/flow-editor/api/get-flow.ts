import { GetFlow, request, type Flow } from '@flotilla/shared';

/** A robot's flow (draft, what is published, when). Answers 404 for a robot without a flow. */
export function getFlow(processId: string): Promise<Flow> {
  return request(GetFlow, { params: { processId }, inline: true }) as Promise<Flow>;
}
