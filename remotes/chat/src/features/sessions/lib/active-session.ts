import { readStorage, writeStorage } from '@flotilla/shared';
import { chatKeyOf, type ChatTarget } from '../../chat/chat-target';

/**
 * The browser keeps, per chat (share or robot, and chatter), the session that was on screen, under
 * `flotilla-chat-active-session:<chat key>`, so a reload comes back to the same conversation.
 */
const storageKey = (target: ChatTarget) => `flotilla-chat-active-session:${chatKeyOf(target)}`;

/** The session that was on screen in this chat, or null (none kept: a new conversation). */
export function readActiveSession(target: ChatTarget): string | null {
  return readStorage(storageKey(target));
}

/** Keeps the session on screen; `null` (a new conversation) forgets it. */
export function writeActiveSession(target: ChatTarget, sessionId: string | null): void {
  writeStorage(storageKey(target), sessionId);
}
