import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type {
  ComparisonDetail,
  ComparisonItem,
  ComparisonQuestion,
  ComparisonStatus,
  ComparisonSummary,
  ListComparisonsQuery,
  Locale,
  Page,
} from '@flotilla/shared/contracts';
import type { Database } from '../../../db/database';
import { containsText, paged } from '../../../db/filters';
import type { DB } from '../../../db/schema';
import { scoped } from '../../../db/scoped';
import { isoNow } from '../../../lib/clock';
import { message, type MessageKey } from '../../../lib/messages';
import { reasonText } from '../../../knowledge/reasons';
import { ACTIVE, insertJob, type Job } from '../jobs/jobs-repository';

/** What a compareRobots job works on: the comparison, and the language its robots answer in. */
export type ComparisonPayload = { comparisonId: string; locale: Locale };

/** A new comparison: its robots and its question set (already checked to be the tenant's and bounded). */
export type NewComparison = {
  name: string;
  processId: string;
  compareProcessId: string | null;
  questions: ComparisonQuestion[];
  createdBy: string;
  locale: Locale;
};

/** What a restart did: queued again, or why not. */
export type RestartResult = 'queued' | 'running' | 'missing';

const JOB_TITLE_MAX = 200;

/**
 * The status readers see: the job's when it has not ended (a retry from the task list queues it again) or
 * when it failed or was cancelled, else the comparison's own (done is written with the job's end).
 */
const statusExpression = sql<ComparisonStatus>`case
  when ${sql.ref('jobs.status')} in ('failed', 'cancelled') then 'failed'
  when ${sql.ref('jobs.status')} in ('queued', 'running') then ${sql.ref('jobs.status')}
  else ${sql.ref('caseComparisons.status')} end`;

/** Comparisons of robots over question sets, with their questions and answers (docs/comparisons.md). */
export function comparisonsRepository(db: Database) {
  const summaries = (executor: Kysely<DB>, tenantId: string) =>
    scoped(executor, tenantId)
      .selectFrom('caseComparisons')
      .leftJoin('jobs', (join) =>
        join.onRef('jobs.id', '=', 'caseComparisons.jobId').onRef('jobs.tenantId', '=', 'caseComparisons.tenantId'),
      )
      .leftJoin('processes as robot', (join) =>
        join
          .onRef('robot.processId', '=', 'caseComparisons.processId')
          .onRef('robot.tenantId', '=', 'caseComparisons.tenantId'),
      )
      .leftJoin('processes as second', (join) =>
        join
          .onRef('second.processId', '=', 'caseComparisons.compareProcessId')
          .onRef('second.tenantId', '=', 'caseComparisons.tenantId'),
      );

  const columns = [
    'caseComparisons.id',
    'caseComparisons.name',
    'caseComparisons.processId',
    'caseComparisons.compareProcessId',
    'caseComparisons.score',
    'caseComparisons.compareScore',
    'caseComparisons.questionCount',
    'caseComparisons.answeredCount',
    'caseComparisons.betterCount',
    'caseComparisons.worseCount',
    'caseComparisons.error',
    'caseComparisons.createdAt',
    'caseComparisons.finishedAt',
    'jobs.error as jobError',
    'jobs.status as jobStatus',
    'robot.name as processName',
    'second.name as compareProcessName',
  ] as const;

  type Row = {
    id: string;
    name: string;
    status: ComparisonStatus;
    processId: string;
    compareProcessId: string | null;
    score: number | null;
    compareScore: number | null;
    questionCount: number;
    answeredCount: number;
    betterCount: number;
    worseCount: number;
    error: string | null;
    jobError: string | null;
    jobStatus: string | null;
    createdAt: string;
    finishedAt: string | null;
    processName: string | null;
    compareProcessName: string | null;
  };

  const toSummary = (row: Row, locale: Locale): ComparisonSummary => {
    const done = row.status === 'done';
    const score = (value: number | null) => (done && value !== null ? Number(value) : null);
    let error: string | undefined;
    if (row.status === 'failed') {
      if (row.error) error = message(row.error as MessageKey, locale);
      else
        error = reasonText(row.jobError ?? (row.jobStatus === 'cancelled' ? 'TASK_CANCELLED' : 'JOB_FAILED'), locale);
    }
    const questionCount = Number(row.questionCount);
    const answeredCount = Number(row.answeredCount);
    return {
      id: row.id,
      name: row.name,
      status: row.status,
      processId: row.processId,
      processName: row.processName ?? '',
      compareProcessId: row.compareProcessId,
      compareProcessName: row.compareProcessName ?? '',
      score: score(row.score),
      compareScore: row.compareProcessId ? score(row.compareScore) : null,
      questionCount,
      answeredCount,
      betterCount: Number(row.betterCount),
      worseCount: Number(row.worseCount),
      progress: questionCount > 0 ? Math.min(1, answeredCount / questionCount) : 0,
      ...(error !== undefined ? { error } : {}),
      createdAt: row.createdAt,
      finishedAt: row.finishedAt,
    };
  };

  /** Queues a job for the comparison (in the caller's transaction) and points the comparison at it. */
  const queue = async (
    trx: Kysely<DB>,
    tenantId: string,
    id: string,
    userId: string,
    title: string,
    locale: Locale,
  ) => {
    const payload: ComparisonPayload = { comparisonId: id, locale };
    const job = await insertJob(trx, tenantId, {
      userId,
      type: 'compareRobots',
      title: title.slice(0, JOB_TITLE_MAX),
      datasetId: null,
      fileId: null,
      payload,
    });
    await scoped(trx, tenantId)
      .updateTable('caseComparisons')
      .set({ jobId: job.id, status: 'queued', error: null, finishedAt: null, updatedAt: isoNow() })
      .where('id', '=', id)
      .execute();
    return job;
  };

  /** Cancels the comparison's job when it has not ended (a running one stops at its next step). */
  const cancelJob = async (trx: Kysely<DB>, tenantId: string, jobId: string | null) => {
    if (!jobId) return;
    await scoped(trx, tenantId)
      .updateTable('jobs')
      .set({ status: 'cancelled', updatedAt: isoNow() })
      .where('id', '=', jobId)
      .where('status', 'in', ACTIVE)
      .execute();
  };

  return {
    /** Stores the comparison and its questions and queues its job, in one transaction. */
    async create(tenantId: string, input: NewComparison): Promise<{ id: string; job: Job }> {
      const id = randomUUID();
      const now = isoNow();
      return db.transaction().execute(async (trx) => {
        const tenant = scoped(trx, tenantId);
        await tenant
          .insertInto('caseComparisons', {
            id,
            name: input.name,
            processId: input.processId,
            compareProcessId: input.compareProcessId,
            status: 'queued',
            score: null,
            compareScore: null,
            questionCount: input.questions.length,
            answeredCount: 0,
            betterCount: 0,
            worseCount: 0,
            error: null,
            jobId: null,
            createdBy: input.createdBy,
            createdAt: now,
            updatedAt: now,
            finishedAt: null,
          })
          .execute();
        // In slices: SQLite binds at most 32766 values per statement.
        const rows = input.questions.map((q, position) => ({
          id: randomUUID(),
          comparisonId: id,
          position,
          question: q.question,
          expected: q.expected,
          answer: null,
          score: null,
          compareAnswer: null,
          compareScore: null,
          answeredAt: null,
        }));
        for (let i = 0; i < rows.length; i += 200)
          await tenant.insertInto('caseComparisonItems', rows.slice(i, i + 200)).execute();
        const job = await queue(trx, tenantId, id, input.createdBy, input.name, input.locale);
        return { id, job };
      });
    },

    async count(tenantId: string): Promise<number> {
      const row = await scoped(db, tenantId)
        .selectFrom('caseComparisons')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** One page, newest first (ties by id, so pages never overlap). */
    async list(tenantId: string, query: ListComparisonsQuery, locale: Locale): Promise<Page<ComparisonSummary>> {
      let filtered = summaries(db, tenantId);
      if (query.processId)
        filtered = filtered.where((eb) =>
          eb.or([
            eb('caseComparisons.processId', '=', query.processId!),
            eb('caseComparisons.compareProcessId', '=', query.processId!),
          ]),
        );
      if (query.status) filtered = filtered.where(statusExpression, '=', query.status);
      if (query.keyword?.trim()) filtered = filtered.where(containsText('caseComparisons.name', query.keyword.trim()));
      const [rows, count] = await Promise.all([
        filtered
          .select([...columns, statusExpression.as('status')])
          .orderBy('caseComparisons.createdAt', 'desc')
          .orderBy('caseComparisons.id', 'desc')
          .offset(query.offset)
          .limit(query.limit)
          .execute(),
        filtered.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return paged(
        rows.map((row) => toSummary(row, locale)),
        count.n,
      );
    },

    /** The comparison and its answered questions in the set's order; undefined: not the tenant's. */
    async detail(tenantId: string, id: string, locale: Locale): Promise<ComparisonDetail | undefined> {
      const row = await summaries(db, tenantId)
        .select([...columns, statusExpression.as('status')])
        .where('caseComparisons.id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const items = await scoped(db, tenantId)
        .selectFrom('caseComparisonItems')
        .select(['position', 'question', 'expected', 'answer', 'score', 'compareAnswer', 'compareScore'])
        .where('comparisonId', '=', id)
        .where('answer', 'is not', null)
        .orderBy('position')
        .execute();
      const compared = row.compareProcessId !== null;
      return {
        ...toSummary(row, locale),
        items: items.map((item): ComparisonItem => ({
          position: item.position,
          question: item.question,
          expected: item.expected,
          answer: item.answer ?? '',
          score: Number(item.score ?? 0),
          ...(compared
            ? { compareAnswer: item.compareAnswer ?? '', compareScore: Number(item.compareScore ?? 0) }
            : {}),
        })),
      };
    },

    /**
     * Runs the comparison again: a failed one goes on from its first unanswered question (answers kept), a
     * done one starts over (answers cleared). Refused while it is queued or running.
     */
    async restart(tenantId: string, id: string, userId: string, locale: Locale): Promise<RestartResult> {
      return db.transaction().execute(async (trx) => {
        const row = await summaries(trx, tenantId)
          .select(['caseComparisons.name', 'caseComparisons.jobId', statusExpression.as('status')])
          .where('caseComparisons.id', '=', id)
          .executeTakeFirst();
        if (!row) return 'missing';
        if (row.status === 'queued' || row.status === 'running') return 'running';
        const tenant = scoped(trx, tenantId);
        if (row.status === 'done') {
          await tenant
            .updateTable('caseComparisonItems')
            .set({ answer: null, score: null, compareAnswer: null, compareScore: null, answeredAt: null })
            .where('comparisonId', '=', id)
            .execute();
          await tenant
            .updateTable('caseComparisons')
            .set({ score: null, compareScore: null, answeredCount: 0, betterCount: 0, worseCount: 0 })
            .where('id', '=', id)
            .execute();
        }
        await queue(trx, tenantId, id, userId, row.name, locale);
        return 'queued';
      });
    },

    /** Deletes the comparison and its questions, cancelling its job first; false: not the tenant's. */
    async remove(tenantId: string, id: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const tenant = scoped(trx, tenantId);
        const row = await tenant.selectFrom('caseComparisons').select('jobId').where('id', '=', id).executeTakeFirst();
        if (!row) return false;
        await cancelJob(trx, tenantId, row.jobId);
        await tenant.deleteFrom('caseComparisonItems').where('comparisonId', '=', id).execute();
        await tenant.deleteFrom('caseComparisons').where('id', '=', id).execute();
        return true;
      });
    },
  };
}

export type ComparisonsRepository = ReturnType<typeof comparisonsRepository>;
