import { ListCaseCompletions, request, SplitCase, type CaseMessage, type CaseSplit } from '@flotilla/shared';

/** The most messages the detail page shows of a conversation that has no stages. */
export const CONVERSATION_MESSAGES_LIMIT = 200;

/** A case's conversation: by stages when the server could split it, else its messages in order. */
export type CaseConversation =
  { kind: 'stages'; stages: CaseSplit['stages'] } | { kind: 'messages'; messages: CaseMessage[]; total: number };

/** The conversation of a case: its stages, or (none found) its messages, oldest first. */
export async function getConversation(caseId: string): Promise<CaseConversation> {
  const { stages } = await request(SplitCase, { query: { caseId } });
  if (stages.some((stage) => stage.messages.length > 0)) return { kind: 'stages', stages };
  const { list, total } = await request(ListCaseCompletions, {
    query: { caseId, offset: 0, limit: CONVERSATION_MESSAGES_LIMIT },
  });
  return { kind: 'messages', messages: list, total };
}
