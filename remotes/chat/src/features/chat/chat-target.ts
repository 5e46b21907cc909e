import type { ChatTargetQuery } from '@flotilla/shared';

/**
 * Who chats with which robot (shared/src/contracts/chat.ts): a public visitor through a share (the
 * visitor uuid is their `userId`), or a logged-in staff member debugging a robot (their own user id;
 * the shared client sends the token). Every chat call carries one of them.
 */
export type ChatTarget =
  { kind: 'visitor'; shareId: string; userId: string } | { kind: 'staff'; processId: string; userId: string };

/** Keys the state of one chatter's chat with one robot; two views of the same chat share it. */
export type ChatKey = string;

export function chatKeyOf(target: ChatTarget): ChatKey {
  return target.kind === 'visitor'
    ? `share:${target.shareId}:${target.userId}`
    : `robot:${target.processId}:${target.userId}`;
}

/** The `shareId` or `processId` a chat call names its robot by. */
export function targetQuery(target: ChatTarget): ChatTargetQuery {
  return target.kind === 'visitor' ? { shareId: target.shareId } : { processId: target.processId };
}
