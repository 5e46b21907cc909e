import { http, LIMITS, type ChatSessionListResponse, type ListChatSessionsQuery } from '@flotilla/shared';
import { segment, targetQuery, type ChatTarget } from '../../chat/chat-target';

/** `GET /v1/users/{userId}/chat/session?offset&limit&shareId|processId`: the chatter's sessions, newest activity first. */
export function listSessions(target: ChatTarget, offset: number): Promise<ChatSessionListResponse> {
  const query: ListChatSessionsQuery = { ...targetQuery(target), offset, limit: LIMITS.chatSessionPageSize };
  return http.get<ChatSessionListResponse>(`/v1/users/${segment(target.userId)}/chat/session`, { query });
}
