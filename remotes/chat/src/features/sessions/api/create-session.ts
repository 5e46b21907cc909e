import { CreateChatSession, request, type ChatSession } from '@flotilla/shared';
import { targetQuery, type ChatTarget } from '../../chat/chat-target';

/** A new, empty session of the chatter. */
export function createSession(target: ChatTarget): Promise<ChatSession> {
  return request(CreateChatSession, { body: { ...targetQuery(target), userId: target.userId } });
}
