import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type {
  AnswerDetail,
  Attachment,
  ChatSession,
  Citation,
  Completion,
  CompletionLog,
  CompletionStatus,
  FeedbackValue,
  ListRobotCompletionsQuery,
  Page,
  PageQuery,
  RobotSession,
  TraceStep,
  Usage,
} from '@flotilla/shared/contracts';
import type { Database } from '../../../db/database';
import { paged } from '../../../db/filters';
import type { ChatChannel, ChatSessionsTable, CompletionsTable } from '../../../db/schema';
import { prepare } from '../../../db/prepared';
import { scoped } from '../../../db/scoped';
import { isoNow } from '../../../lib/clock';
import { countAnswerFacts, dashboardSlot } from '../dashboard/dashboard-counts';

/** Who is chatting with which robot: every chat read and write is limited to one chatter. */
export type Chatter = {
  tenantId: string;
  processId: string;
  /** A visitor uuid, a staff user id or an API secret id. */
  userId: string;
  channel: ChatChannel;
  /** The share link a visitor came through: recorded on the sessions they start (the dashboard counts them). */
  shareId?: string;
};

/** A chatter and what answering them needs: whose credits pay, and (for visitors) the share's limit. */
export type ChatAccess = Chatter & { adminId: string; shareId?: string; rateLimitPerMinute?: number };

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

export function toCompletionLog(row: Selectable<CompletionsTable>): CompletionLog {
  return {
    ...toCompletion(row),
    userId: row.userId,
    channel: row.channel,
    model: row.model,
    usage: {
      promptTokens: row.promptTokens,
      completionTokens: row.completionTokens,
      totalTokens: row.promptTokens + row.completionTokens,
    },
    latencyMs: row.latencyMs,
    cost: row.cost,
    errorCode: row.errorCode,
  };
}

/** A finished (or stopped, or failed) answer, as the answer engine records it. */
export type CompletionRecord = {
  id: string;
  sessionId: string;
  /** The session starts with this answer: its row is written with it (see recordCompletion). */
  newSession: boolean;
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
  /** What each node of the robot's flow did for this answer. */
  trace: TraceStep[];
  /** The answer was the robot's fallback reply: unanswered, for the dashboard. */
  fallback?: boolean;
};

/** A title from the first question: its first line, shortened. */
export function titleFrom(question: string): string {
  const line = question.trim().split('\n')[0] ?? '';
  return line.length > 30 ? `${line.slice(0, 30)}…` : line;
}

/** Chat sessions and the completions (question + answer) in them. */
export function chatsRepository(db: Database) {
  // One chatter's rows with one robot: by user *and* channel, so that a visitor who passes a staff
  // member's id through a share reaches nothing of that staff member's debug chats.
  const own = (chatter: Chatter) => {
    const tenant = scoped(db, chatter.tenantId);
    const mine = { processId: chatter.processId, userId: chatter.userId, channel: chatter.channel };
    return {
      sessions: () => tenant.selectFrom('chatSessions').where((eb) => eb.and(mine)),
      sessionsToUpdate: () => tenant.updateTable('chatSessions').where((eb) => eb.and(mine)),
      completions: () => tenant.selectFrom('completions').where((eb) => eb.and(mine)),
      completionsToUpdate: () => tenant.updateTable('completions').where((eb) => eb.and(mine)),
      completionsToDelete: () => tenant.deleteFrom('completions').where((eb) => eb.and(mine)),
    };
  };

  const sessionRow = (chatter: Chatter, sessionId: string, title: string, now: string) => ({
    sessionId,
    processId: chatter.processId,
    userId: chatter.userId,
    channel: chatter.channel,
    title,
    topic: '',
    chatCompletionType: 'chat',
    shareId: chatter.shareId ?? null,
    createdAt: now,
    updatedAt: now,
  });

  // A follow-up question reads its session and history before its answer starts: both built once.
  const readSession = prepare(db, (p: Chatter & { sessionId: string }) =>
    own(p).sessions().selectAll().where('sessionId', '=', p.sessionId),
  );
  const readHistory = prepare(db, (p: { tenantId: string; sessionId: string; count: number }) =>
    scoped(db, p.tenantId)
      .selectFrom('completions')
      .select(['question', 'answer'])
      .where('sessionId', '=', p.sessionId)
      .where('status', '=', 'done')
      .orderBy('createdAt', 'desc')
      .limit(p.count),
  );

  const repository = {
    async createSession(chatter: Chatter, title = ''): Promise<ChatSession> {
      const row = sessionRow(chatter, randomUUID(), title, isoNow());
      await scoped(db, chatter.tenantId).insertInto('chatSessions', row).execute();
      return toChatSession({ ...row, tenantId: chatter.tenantId });
    },

    /** The chatter's session, or undefined when it is not theirs (or not this robot's). */
    async findSession(chatter: Chatter, sessionId: string): Promise<ChatSession | undefined> {
      const [row] = await readSession({ ...chatter, sessionId });
      return row && toChatSession(row);
    },

    /** The chatter's sessions with this robot, newest activity first. */
    async listSessions(chatter: Chatter, page: PageQuery): Promise<Page<ChatSession>> {
      const [rows, count] = await Promise.all([
        own(chatter)
          .sessions()
          .selectAll()
          .orderBy('updatedAt', 'desc')
          .orderBy('createdAt', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        own(chatter)
          .sessions()
          .select((eb) => eb.fn.countAll().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return paged(rows.map(toChatSession), count.total);
    },

    /**
     * Renames the chatter's session; undefined when it is not theirs. Not counted as activity: the
     * session keeps its place in the list (updatedAt moves with questions only).
     */
    async renameSession(chatter: Chatter, sessionId: string, title: string): Promise<ChatSession | undefined> {
      const result = await own(chatter)
        .sessionsToUpdate()
        .set({ title })
        .where('sessionId', '=', sessionId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return undefined;
      return repository.findSession(chatter, sessionId);
    },

    /** The completions of the chatter's session, newest first; undefined when the session is not theirs. */
    async listSessionCompletions(
      chatter: Chatter,
      sessionId: string,
      page: PageQuery,
    ): Promise<Page<Completion> | undefined> {
      if (!(await repository.findSession(chatter, sessionId))) return undefined;
      const inSession = () => own(chatter).completions().where('sessionId', '=', sessionId);
      const [rows, count] = await Promise.all([
        inSession()
          .selectAll()
          .orderBy('createdAt', 'desc')
          .orderBy('id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        inSession()
          .select((eb) => eb.fn.countAll().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return paged(rows.map(toCompletion), count.total);
    },

    /** Deletes one question/answer pair of the chatter's session; false when it is not theirs. */
    async removeOwnCompletion(chatter: Chatter, sessionId: string, completionId: string): Promise<boolean> {
      const result = await own(chatter)
        .completionsToDelete()
        .where('sessionId', '=', sessionId)
        .where('id', '=', completionId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Sets (or with null clears) the chatter's feedback on an answer they asked for; undefined when it is not theirs. */
    async setFeedback(
      chatter: Chatter,
      completionId: string,
      feedback: FeedbackValue | null,
      text: string,
    ): Promise<Completion | undefined> {
      const changed = await db.transaction().execute(async (trx) => {
        const tenant = scoped(trx, chatter.tenantId);
        const before = await tenant
          .selectFrom('completions')
          .innerJoin('chatSessions', 'chatSessions.sessionId', 'completions.sessionId')
          .select(['completions.feedback', 'completions.createdAt', 'chatSessions.shareId'])
          .where('completions.id', '=', completionId)
          .where('completions.processId', '=', chatter.processId)
          .where('completions.userId', '=', chatter.userId)
          .where('completions.channel', '=', chatter.channel)
          .executeTakeFirst();
        if (!before) return false;
        await tenant
          .updateTable('completions')
          .set({ feedback, feedbackText: feedback === null ? '' : text })
          .where('id', '=', completionId)
          .execute();
        // The dashboard counts the feedback in its answer's slot: the old one out, the new one in.
        const delta = (value: FeedbackValue) => (feedback === value ? 1 : 0) - (before.feedback === value ? 1 : 0);
        if (before.feedback !== feedback)
          await countAnswerFacts(tenant, dashboardSlot(before.createdAt), chatter.processId, before.shareId ?? '', {
            likes: delta('like'),
            dislikes: delta('dislike'),
          });
        return true;
      });
      if (!changed) return undefined;
      const row = await own(chatter).completions().selectAll().where('id', '=', completionId).executeTakeFirst();
      return row && toCompletion(row);
    },

    /** A completion of the tenant, as the robot's logs show it, with its flow's trace. */
    async getLog(tenantId: string, completionId: string): Promise<AnswerDetail | undefined> {
      const row = await scoped(db, tenantId)
        .selectFrom('completions')
        .selectAll()
        .where('id', '=', completionId)
        .executeTakeFirst();
      return row && { ...toCompletionLog(row), trace: JSON.parse(row.trace) as TraceStep[] };
    },

    /** Deletes a completion of the tenant; false when there is none. */
    async removeCompletion(tenantId: string, completionId: string): Promise<boolean> {
      const result = await scoped(db, tenantId)
        .deleteFrom('completions')
        .where('id', '=', completionId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Marks a completion reviewed (or not); undefined when the tenant has no such completion. */
    async setChecked(tenantId: string, completionId: string, checked: boolean): Promise<CompletionLog | undefined> {
      const result = await scoped(db, tenantId)
        .updateTable('completions')
        .set({ checked: checked ? 1 : 0 })
        .where('id', '=', completionId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return undefined;
      return repository.getLog(tenantId, completionId);
    },

    /** A robot's completions, newest first, filtered by session, feedback and review. The caller checks the robot is the tenant's. */
    async listRobotCompletions(tenantId: string, query: ListRobotCompletionsQuery): Promise<Page<CompletionLog>> {
      let base = scoped(db, tenantId).selectFrom('completions').where('processId', '=', query.processId);
      if (query.sessionId !== undefined) base = base.where('sessionId', '=', query.sessionId);
      if (query.feedback !== undefined) base = base.where('feedback', '=', query.feedback);
      if (query.checked !== undefined) base = base.where('checked', '=', query.checked ? 1 : 0);
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy('createdAt', 'desc')
          .orderBy('id', 'desc')
          .limit(query.limit)
          .offset(query.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
      ]);
      return paged(rows.map(toCompletionLog), count.total);
    },

    /**
     * A robot's sessions (every chatter's, empty ones included) with how many completions each holds,
     * newest activity first. The caller checks the robot is the tenant's.
     */
    async listRobotSessions(tenantId: string, processId: string, page: PageQuery): Promise<Page<RobotSession>> {
      const tenant = scoped(db, tenantId);
      const base = tenant.selectFrom('chatSessions').where('processId', '=', processId);
      const [rows, count] = await Promise.all([
        base
          .select(['sessionId', 'title', 'userId', 'channel', 'updatedAt'])
          .orderBy('updatedAt', 'desc')
          .orderBy('createdAt', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
      ]);
      const sizes = new Map<string, number>();
      if (rows.length > 0) {
        const counted = await tenant
          .selectFrom('completions')
          .select(['sessionId', (eb) => eb.fn.countAll().as('completions')])
          .where(
            'sessionId',
            'in',
            rows.map((row) => row.sessionId),
          )
          .groupBy('sessionId')
          .execute();
        for (const row of counted) sizes.set(row.sessionId, Number(row.completions));
      }
      return paged(
        rows.map((row) => ({ ...row, completions: sizes.get(row.sessionId) ?? 0 })),
        count.total,
      );
    },

    /** The last `count` answered pairs of a session, oldest first: the history a model sees. */
    async history(
      chatter: Chatter,
      sessionId: string,
      count: number,
    ): Promise<Array<{ question: string; answer: string }>> {
      if (count === 0) return [];
      const rows = await readHistory({ tenantId: chatter.tenantId, sessionId, count });
      return rows.reverse();
    },

    /**
     * Stores an answer and touches its session (titled by its first question when untitled). A session
     * that starts with this answer is written here, with it: nothing is written before the upstream call,
     * which keeps the database off the path to the first token.
     */
    async recordCompletion(chatter: Chatter, record: CompletionRecord): Promise<void> {
      const now = isoNow();
      await db.transaction().execute(async (trx) => {
        const tenant = scoped(trx, chatter.tenantId);
        if (record.newSession)
          await tenant
            .insertInto('chatSessions', sessionRow(chatter, record.sessionId, titleFrom(record.question), now))
            .execute();
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
            trace: JSON.stringify(record.trace),
            feedback: null,
            feedbackText: '',
            checked: 0,
            fallback: record.fallback ? 1 : 0,
            createdAt: now,
          })
          .execute();
        await countAnswerFacts(tenant, dashboardSlot(now), chatter.processId, chatter.shareId ?? '', {
          answers: 1,
          fallbacks: record.fallback ? 1 : 0,
          credits: record.cost,
          sessions: record.newSession ? 1 : 0,
        });
        if (record.newSession) return;
        await tenant
          .updateTable('chatSessions')
          .set((eb) => ({
            updatedAt: now,
            title: eb.case().when('title', '=', '').then(titleFrom(record.question)).else(eb.ref('title')).end(),
          }))
          .where('sessionId', '=', record.sessionId)
          .execute();
      });
    },
  };
  return repository;
}
