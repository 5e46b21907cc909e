import { http, type ChatSession, type CreateChatSessionBody } from '@flotilla/shared';
import { targetQuery, type ChatTarget } from '../../chat/chat-target';

/** `POST /v1/chat/sessions`: a new, empty session of the chatter. */
export function createSession(target: ChatTarget): Promise<ChatSession> {
  const body: CreateChatSessionBody = { ...targetQuery(target), userId: target.userId };
  return http.post<ChatSession>('/v1/chat/sessions', { body });
}
