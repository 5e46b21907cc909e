import { LIMITS, ListChatSessions, request, type ChatSessionListResponse } from '@flotilla/shared';
import { targetQuery, type ChatTarget } from '../../chat/chat-target';

/** One page of the chatter's sessions, newest activity first. */
export function listSessions(target: ChatTarget, offset: number): Promise<ChatSessionListResponse> {
  return request(ListChatSessions, {
    params: { userId: target.userId },
    query: { ...targetQuery(target), offset, limit: LIMITS.chatSessionPageSize },
  });
}
