import { http, LIMITS, type CompletionListResponse, type ListSessionCompletionsQuery } from '@flotilla/shared';
import { segment, targetQuery, type ChatTarget } from '../../chat/chat-target';

/** `GET /v1/chat/users/{userId}/sessions/{sessionId}/completions?offset&limit`: a session's pairs, newest first. */
export function listCompletions(target: ChatTarget, sessionId: string, offset: number): Promise<CompletionListResponse> {
  const query: ListSessionCompletionsQuery = { ...targetQuery(target), offset, limit: LIMITS.chatMessagePageSize };
  return http.get<CompletionListResponse>(`/v1/chat/users/${segment(target.userId)}/sessions/${segment(sessionId)}/completions`, { query });
}
