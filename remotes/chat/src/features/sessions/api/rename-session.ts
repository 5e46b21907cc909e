import { http, type ChatSession, type RenameChatSessionBody } from '@flotilla/shared';
import { targetQuery, type ChatTarget } from '../../chat/chat-target';

/** `PUT /v1/chat/sessions`: renames one of the chatter's sessions. */
export function renameSession(target: ChatTarget, sessionId: string, title: string): Promise<ChatSession> {
  const body: RenameChatSessionBody = { ...targetQuery(target), userId: target.userId, sessionId, title };
  return http.put<ChatSession>('/v1/chat/sessions', { body, inline: true });
}
