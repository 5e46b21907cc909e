import { DeleteSessionCompletion, request } from '@flotilla/shared';
import { targetQuery, type ChatTarget } from '../../chat/chat-target';

/** Deletes one of the chatter's question + answer pairs. */
export function deleteCompletion(target: ChatTarget, sessionId: string, id: string): Promise<{ ok: true }> {
  return request(DeleteSessionCompletion, {
    params: { userId: target.userId, sessionId, id },
    query: targetQuery(target),
  });
}
