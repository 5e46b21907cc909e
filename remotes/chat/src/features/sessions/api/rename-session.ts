import { RenameChatSession, request, type ChatSession } from '@flotilla/shared';
import { targetQuery, type ChatTarget } from '../../chat/chat-target';

/** Renames one of the chatter's sessions. */
export function renameSession(target: ChatTarget, sessionId: string, title: string): Promise<ChatSession> {
  return request(RenameChatSession, {
    body: { ...targetQuery(target), userId: target.userId, sessionId, title },
    inline: true,
  });
}
