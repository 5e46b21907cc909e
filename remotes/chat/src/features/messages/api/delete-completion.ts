import { http } from '@flotilla/shared';
import { segment, targetQuery, type ChatTarget } from '../../chat/chat-target';

/** `DELETE /v1/users/{userId}/sessions/{sessionId}/completions/{id}?shareId|processId`: deletes a message pair. */
export function deleteCompletion(target: ChatTarget, sessionId: string, id: string): Promise<unknown> {
  return http.delete(`/v1/users/${segment(target.userId)}/sessions/${segment(sessionId)}/completions/${segment(id)}`, {
    query: targetQuery(target),
  });
}
