import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Attachment, ChatSession, Citation, Completion, CompletionStatus, Usage } from '@flotilla/shared/contracts';
import type { Database } from '../../../db/database';
import type { ChatChannel, ChatSessionsTable, CompletionsTable } from '../../../db/schema';
import { scoped } from '../../../db/scoped';
import { isoNow } from '../../../lib/clock';

/** Who is chatting with which robot: every chat read and write is limited to one chatter. */
export type Chatter = {
  tenantId: string;
  processId: string;
  /** A visitor uuid, a staff user id or an API secret id. */
  userId: string;
  channel: ChatChannel;
};

export function toChatSession(row: Selectable<ChatSessionsTable>): ChatSession {
  return {
    sessionId: row.sessionId,
    title: row.title,
    topic: row.topic,
    chatCompletionType: row.chatCompletionType,
    processId: row.processId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function toCompletion(row: Selectable<CompletionsTable>): Completion {
  return {
    id: row.id,
    sessionId: row.sessionId,
    processId: row.processId,
    question: row.question,
    answer: row.answer,
    images: JSON.parse(row.images) as Attachment[],
    files: JSON.parse(row.files) as Attachment[],
    citations: JSON.parse(row.citations) as Citation[],
    status: row.status,
    feedback: row.feedback,
    feedbackText: row.feedbackText,
    checked: row.checked === 1,
    createdAt: row.createdAt,
  };
}

/** A finished (or stopped, or failed) answer, as the answer engine records it. */
export type CompletionRecord = {
  id: string;
  sessionId: string;
  question: string;
  answer: string;
  images: Attachment[];
  files: Attachment[];
  citations: Citation[];
  model: string;
  usage: Usage;
  latencyMs: number;
  cost: number;
  status: CompletionStatus;
  errorCode: string | null;
};

/** A title from the first question: its first line, shortened. */
export function titleFrom(question: string): string {
  const line = question.trim().split('\n')[0] ?? '';
  return line.length > 30 ? `${line.slice(0, 30)}…` : line;
}

/** Chat sessions and the completions (question + answer) in them. */
export function chatsRepository(db: Database) {
  const repository = {
    async createSession(chatter: Chatter, title = ''): Promise<ChatSession> {
      const now = isoNow();
      const row = {
        sessionId: randomUUID(),
        processId: chatter.processId,
        userId: chatter.userId,
        channel: chatter.channel,
        title,
        topic: '',
        chatCompletionType: 'chat',
        createdAt: now,
        updatedAt: now,
      };
      await scoped(db, chatter.tenantId).insertInto('chatSessions', row).execute();
      return toChatSession({ ...row, tenantId: chatter.tenantId });
    },

    /** The chatter's session, or undefined when it is not theirs (or not this robot's). */
    async findSession(chatter: Chatter, sessionId: string): Promise<ChatSession | undefined> {
      const row = await scoped(db, chatter.tenantId)
        .selectFrom('chatSessions')
        .selectAll()
        .where('sessionId', '=', sessionId)
        .where('processId', '=', chatter.processId)
        .where('userId', '=', chatter.userId)
        .executeTakeFirst();
      return row && toChatSession(row);
    },

    /** The last `count` answered pairs of a session, oldest first: the history a model sees. */
    async history(chatter: Chatter, sessionId: string, count: number): Promise<Array<{ question: string; answer: string }>> {
      if (count === 0) return [];
      const rows = await scoped(db, chatter.tenantId)
        .selectFrom('completions')
        .select(['question', 'answer'])
        .where('sessionId', '=', sessionId)
        .where('status', '=', 'done')
        .orderBy('createdAt', 'desc')
        .limit(count)
        .execute();
      return rows.reverse();
    },

    /** Stores an answer and touches its session (titled by its first question when untitled). */
    async recordCompletion(chatter: Chatter, record: CompletionRecord): Promise<void> {
      const now = isoNow();
      await db.transaction().execute(async (trx) => {
        const tenant = scoped(trx, chatter.tenantId);
        await tenant
          .insertInto('completions', {
            id: record.id,
            processId: chatter.processId,
            sessionId: record.sessionId,
            userId: chatter.userId,
            channel: chatter.channel,
            question: record.question,
            answer: record.answer,
            images: JSON.stringify(record.images),
            files: JSON.stringify(record.files),
            citations: JSON.stringify(record.citations),
            model: record.model,
            promptTokens: record.usage.promptTokens,
            completionTokens: record.usage.completionTokens,
            latencyMs: record.latencyMs,
            cost: record.cost,
            status: record.status,
            errorCode: record.errorCode,
            feedback: null,
            feedbackText: '',
            checked: 0,
            createdAt: now,
          })
          .execute();
        await tenant.updateTable('chatSessions').set({ updatedAt: now }).where('sessionId', '=', record.sessionId).execute();
        await tenant
          .updateTable('chatSessions')
          .set({ title: titleFrom(record.question) })
          .where('sessionId', '=', record.sessionId)
          .where('title', '=', '')
          .execute();
      });
    },
  };
  return repository;
}
