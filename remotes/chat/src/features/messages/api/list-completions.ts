import { LIMITS, ListSessionCompletions, request, type CompletionListResponse } from '@flotilla/shared';
import { targetQuery, type ChatTarget } from '../../chat/chat-target';

/** One page of a session's question + answer pairs, newest first. */
export function listCompletions(
  target: ChatTarget,
  sessionId: string,
  offset: number,
): Promise<CompletionListResponse> {
  return request(ListSessionCompletions, {
    params: { userId: target.userId, sessionId },
    query: { ...targetQuery(target), offset, limit: LIMITS.chatMessagePageSize },
  });
}
