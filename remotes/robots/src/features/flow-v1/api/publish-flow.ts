import { PublishFlow, request } from '@flotilla/shared';
import type { FlowAnswer } from './get-flow-page';

/** Publishes the saved draft: visitors get it from now on. */
export function publishFlow(processId: string): Promise<FlowAnswer> {
  return request(PublishFlow, { params: { processId }, inline: true });
}
