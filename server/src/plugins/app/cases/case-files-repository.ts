import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type {
  CaseAnalysisStatus,
  CaseFile,
  CaseFileAnalysis,
  CaseFileFilterQuery,
  CaseFileKind,
  CaseFileReport,
  CaseFileResult,
  CaseFileType,
  CaseReport,
  CaseReportKind,
  Citation,
  ListCaseFileReportsQuery,
  ListCaseFilesQuery,
  Locale,
  Page,
  PageQuery,
} from '@flotilla/shared/contracts';
import type { Database } from '../../../db/database';
import { containsText, paged } from '../../../db/filters';
import type { DB } from '../../../db/schema';
import { scoped } from '../../../db/scoped';
import { isoNow } from '../../../lib/clock';
import { ACTIVE, insertJob, type Job } from '../jobs/jobs-repository';

/** A question of a case file as its rows hold it. */
export type CaseFileRow = { position: number; question: string; expected: string; answer: string; session: string };

/** A case file to store: what was read from the upload. */
export type NewCaseFile = {
  name: string;
  type: CaseFileType;
  kind: CaseFileKind;
  size: number;
  rows: Array<Omit<CaseFileRow, 'position'>>;
};

/** What an analyzeCaseFile job keeps: its report, and the language its robot answers in. */
export type CaseAnalysisPayload = { reportId: string; locale: Locale };

/** One question's result as a job writes it. */
export type NewCaseResult = Omit<CaseFileResult, 'fallback'> & { fallback: boolean };

/** Rows inserted per statement (well inside either database's limit of bound values). */
const INSERT_BATCH = 100;

type ReportRow = {
  id: string;
  fileId: string;
  fileName: string;
  processId: string;
  processName: string | null;
  jobId: string;
  done: number;
  jobStatus: CaseAnalysisStatus | null;
  jobProgress: number | null;
  questionCount: number;
  answeredCount: number;
  fallbackCount: number;
  averageLatencyMs: number;
  p95LatencyMs: number;
  createdAt: string;
  finishedAt: string | null;
};

/** A report's status: done once its totals are written, else its job's (a job gone: failed). */
const statusOf = (row: Pick<ReportRow, 'done' | 'jobStatus'>): CaseAnalysisStatus =>
  row.done === 1 ? 'done' : (row.jobStatus ?? 'failed');

function toAnalysis(row: ReportRow): CaseFileAnalysis {
  const status = statusOf(row);
  return {
    reportId: row.id,
    fileId: row.fileId,
    processId: row.processId,
    processName: row.processName ?? '',
    taskId: row.jobId,
    status,
    progress: status === 'done' ? 1 : Math.min(1, Math.max(0, row.jobProgress ?? 0)),
    createdAt: row.createdAt,
  };
}

function toReport(row: ReportRow & { asked?: number }): CaseFileReport {
  const analysis = toAnalysis(row);
  // Done: every question was asked; while running, those answered so far.
  const asked = row.asked ?? row.questionCount;
  return {
    id: row.id,
    fileId: row.fileId,
    fileName: row.fileName,
    processId: row.processId,
    processName: analysis.processName,
    taskId: row.jobId,
    status: analysis.status,
    progress: analysis.progress,
    questionCount: row.questionCount,
    answeredCount: row.answeredCount,
    fallbackCount: row.fallbackCount,
    fallbackRate: asked === 0 ? 0 : Math.min(1, row.fallbackCount / asked),
    averageLatencyMs: row.averageLatencyMs,
    p95LatencyMs: row.p95LatencyMs,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
  };
}

/** The reports of a tenant with their file's name, robot's name and job's state. */
function reportsOf(db: Kysely<DB>, tenantId: string) {
  return scoped(db, tenantId)
    .selectFrom('caseFileReports')
    .innerJoin('caseFiles', 'caseFiles.id', 'caseFileReports.fileId')
    .leftJoin('processes', (join) =>
      join
        .onRef('processes.processId', '=', 'caseFileReports.processId')
        .onRef('processes.tenantId', '=', 'caseFileReports.tenantId'),
    )
    .leftJoin('jobs', (join) =>
      join.onRef('jobs.id', '=', 'caseFileReports.jobId').onRef('jobs.tenantId', '=', 'caseFileReports.tenantId'),
    )
    .select([
      'caseFileReports.id',
      'caseFileReports.fileId',
      'caseFiles.name as fileName',
      'caseFileReports.processId',
      'processes.name as processName',
      'caseFileReports.jobId',
      'caseFileReports.done',
      'jobs.status as jobStatus',
      'jobs.progress as jobProgress',
      'caseFileReports.questionCount',
      'caseFileReports.answeredCount',
      'caseFileReports.fallbackCount',
      'caseFileReports.averageLatencyMs',
      'caseFileReports.p95LatencyMs',
      'caseFileReports.createdAt',
      'caseFileReports.finishedAt',
    ]);
}

/** The totals of a report's results so far: counts, mean and p95 (nearest rank) latency. */
async function totalsOf(db: Kysely<DB>, tenantId: string, reportId: string) {
  const results = () => scoped(db, tenantId).selectFrom('caseFileResults').where('reportId', '=', reportId);
  const counts = await results()
    .select((eb) => [
      eb.fn.countAll<string | number>().as('asked'),
      eb.fn.sum<string | number | null>('fallback').as('fallbacks'),
      eb.fn.avg<string | number | null>('latencyMs').as('latency'),
    ])
    .executeTakeFirstOrThrow();
  const failed = await results()
    .where('errorCode', 'is not', null)
    .where('fallback', '=', 0)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  const asked = Number(counts.asked);
  const fallbackCount = Number(counts.fallbacks ?? 0);
  const rank = Math.max(0, Math.ceil(0.95 * asked) - 1);
  const p95 =
    asked === 0
      ? undefined
      : await results().select('latencyMs').orderBy('latencyMs').offset(rank).limit(1).executeTakeFirst();
  return {
    asked,
    answeredCount: asked - fallbackCount - Number(failed.n),
    fallbackCount,
    averageLatencyMs: Math.round(Number(counts.latency ?? 0)),
    p95LatencyMs: p95?.latencyMs ?? 0,
  };
}

/**
 * Case files (parsed at upload into rows), their analyses (a job each, writing a file report) and the file
 * reports. The only code that queries the case_file* tables.
 */
export function caseFilesRepository(db: Database) {
  /** The newest analysis of each of `fileIds`. */
  async function latestAnalyses(tenantId: string, fileIds: string[]): Promise<Map<string, CaseFileAnalysis>> {
    const latest = new Map<string, CaseFileAnalysis>();
    if (fileIds.length === 0) return latest;
    const rows = await reportsOf(db, tenantId)
      .where('caseFileReports.fileId', 'in', fileIds)
      .orderBy('caseFileReports.createdAt', 'desc')
      .orderBy('caseFileReports.id', 'desc')
      .execute();
    for (const row of rows) if (!latest.has(row.fileId)) latest.set(row.fileId, toAnalysis(row));
    return latest;
  }

  const filesOf = (tenantId: string, filter: CaseFileFilterQuery) => {
    let base = scoped(db, tenantId).selectFrom('caseFiles');
    if (filter.keyword) base = base.where(containsText('caseFiles.name', filter.keyword));
    return base;
  };

  return {
    /** Stores a file and its rows (one transaction); answers the file. */
    async create(tenantId: string, userId: string, file: NewCaseFile): Promise<CaseFile> {
      const row = {
        id: randomUUID(),
        name: file.name,
        kind: file.kind,
        type: file.type,
        size: file.size,
        rowCount: file.rows.length,
        createdBy: userId,
        createdAt: isoNow(),
      };
      await db.transaction().execute(async (trx) => {
        const tenant = scoped(trx, tenantId);
        await tenant.insertInto('caseFiles', row).execute();
        for (let start = 0; start < file.rows.length; start += INSERT_BATCH) {
          const batch = file.rows
            .slice(start, start + INSERT_BATCH)
            .map((r, i) => ({ fileId: row.id, position: start + i, ...pick(r) }));
          await tenant.insertInto('caseFileRows', batch).execute();
        }
      });
      const { id, name, kind, type, size, rowCount, createdAt } = row;
      return { id, name, kind, type, size, rowCount, createdAt, analysis: null };
    },

    async list(tenantId: string, query: ListCaseFilesQuery): Promise<Page<CaseFile>> {
      const [rows, total] = await Promise.all([
        filesOf(tenantId, query)
          .select(['id', 'name', 'kind', 'type', 'size', 'rowCount', 'createdAt'])
          .orderBy('createdAt', 'desc')
          .orderBy('id', 'desc')
          .limit(query.limit)
          .offset(query.offset)
          .execute(),
        this.count(tenantId, query),
      ]);
      const analyses = await latestAnalyses(
        tenantId,
        rows.map((r) => r.id),
      );
      return paged(
        rows.map((r) => ({ ...r, analysis: analyses.get(r.id) ?? null })),
        total,
      );
    },

    async count(tenantId: string, filter: CaseFileFilterQuery): Promise<number> {
      const { total } = await filesOf(tenantId, filter)
        .select((eb) => eb.fn.countAll<string | number>().as('total'))
        .executeTakeFirstOrThrow();
      return Number(total);
    },

    async get(tenantId: string, id: string): Promise<CaseFile | undefined> {
      const row = await scoped(db, tenantId)
        .selectFrom('caseFiles')
        .select(['id', 'name', 'kind', 'type', 'size', 'rowCount', 'createdAt'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      return { ...row, analysis: (await latestAnalyses(tenantId, [id])).get(id) ?? null };
    },

    /** A file's questions with their expected answers (may be empty), in file order; undefined: not the tenant's file. */
    async questions(
      tenantId: string,
      fileId: string,
    ): Promise<Array<{ question: string; expected: string }> | undefined> {
      const rows = await this.rows(tenantId, fileId);
      return rows?.map(({ question, expected }) => ({ question, expected }));
    },

    /** A file's rows in file order; undefined: not the tenant's file. */
    async rows(tenantId: string, fileId: string): Promise<CaseFileRow[] | undefined> {
      const tenant = scoped(db, tenantId);
      const file = await tenant.selectFrom('caseFiles').select('id').where('id', '=', fileId).executeTakeFirst();
      if (!file) return undefined;
      return tenant
        .selectFrom('caseFileRows')
        .select(['position', 'question', 'expected', 'answer', 'session'])
        .where('fileId', '=', fileId)
        .orderBy('position')
        .execute();
    },

    /**
     * Deletes files with their rows and reports, all or none: 'missing' when one is not the tenant's,
     * 'busy' when an analysis of one is queued or running (cancel it first).
     */
    async delete(tenantId: string, ids: string[]): Promise<'deleted' | 'missing' | 'busy'> {
      const unique = [...new Set(ids)];
      return db.transaction().execute(async (trx) => {
        const tenant = scoped(trx, tenantId);
        const found = await tenant.selectFrom('caseFiles').select('id').where('id', 'in', unique).execute();
        if (found.length !== unique.length) return 'missing';
        const busy = await tenant
          .selectFrom('caseFileReports')
          .innerJoin('jobs', 'jobs.id', 'caseFileReports.jobId')
          .select('caseFileReports.id')
          .where('caseFileReports.fileId', 'in', unique)
          .where('jobs.status', 'in', ACTIVE)
          .executeTakeFirst();
        if (busy) return 'busy';
        const reports = tenant.selectFrom('caseFileReports').select('id').where('fileId', 'in', unique);
        await tenant.deleteFrom('caseFileResults').where('reportId', 'in', reports).execute();
        await tenant.deleteFrom('caseFileReports').where('fileId', 'in', unique).execute();
        await tenant.deleteFrom('caseFileRows').where('fileId', 'in', unique).execute();
        await tenant.deleteFrom('caseFiles').where('id', 'in', unique).execute();
        return 'deleted';
      });
    },

    /** Queues an analysis: its job and its (empty) report, together. The caller checked file and robot are the tenant's. */
    async startAnalysis(
      tenantId: string,
      input: {
        userId: string;
        fileId: string;
        fileName: string;
        processId: string;
        questionCount: number;
        locale: Locale;
      },
    ): Promise<{ reportId: string; job: Job }> {
      const reportId = randomUUID();
      const job = await db.transaction().execute(async (trx) => {
        const payload: CaseAnalysisPayload = { reportId, locale: input.locale };
        const queued = await insertJob(trx, tenantId, {
          userId: input.userId,
          type: 'analyzeCaseFile',
          title: input.fileName,
          datasetId: null,
          fileId: null,
          payload,
        });
        await scoped(trx, tenantId)
          .insertInto('caseFileReports', {
            id: reportId,
            fileId: input.fileId,
            processId: input.processId,
            jobId: queued.id,
            done: 0,
            questionCount: input.questionCount,
            answeredCount: 0,
            fallbackCount: 0,
            averageLatencyMs: 0,
            p95LatencyMs: 0,
            createdBy: input.userId,
            createdAt: queued.createdAt,
            finishedAt: null,
          })
          .execute();
        return queued;
      });
      return { reportId, job };
    },

    /** An analysis by its report's id, or the newest of a file; undefined: none of the tenant's. */
    async analysis(
      tenantId: string,
      by: { reportId: string } | { fileId: string },
    ): Promise<CaseFileAnalysis | undefined> {
      let query = reportsOf(db, tenantId);
      query =
        'reportId' in by
          ? query.where('caseFileReports.id', '=', by.reportId)
          : query.where('caseFileReports.fileId', '=', by.fileId);
      const row = await query
        .orderBy('caseFileReports.createdAt', 'desc')
        .orderBy('caseFileReports.id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row && toAnalysis(row);
    },

    async reports(tenantId: string, query: ListCaseFileReportsQuery): Promise<Page<CaseFileReport>> {
      let base = reportsOf(db, tenantId);
      if (query.fileId) base = base.where('caseFileReports.fileId', '=', query.fileId);
      if (query.processId) base = base.where('caseFileReports.processId', '=', query.processId);
      let counted = scoped(db, tenantId).selectFrom('caseFileReports');
      if (query.fileId) counted = counted.where('fileId', '=', query.fileId);
      if (query.processId) counted = counted.where('processId', '=', query.processId);
      const [rows, count] = await Promise.all([
        base
          .orderBy('caseFileReports.createdAt', 'desc')
          .orderBy('caseFileReports.id', 'desc')
          .limit(query.limit)
          .offset(query.offset)
          .execute(),
        counted.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return paged(rows.map(toReport), count.total);
    },

    /** A report with its totals (so far, while it runs); undefined: not the tenant's. */
    async report(tenantId: string, id: string): Promise<CaseFileReport | undefined> {
      const row = await reportsOf(db, tenantId).where('caseFileReports.id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      if (row.done === 1) return toReport(row);
      return toReport({ ...row, ...(await totalsOf(db, tenantId, id)) });
    },

    /** A page of a report's results in file order (`page` undefined: all of them). */
    async results(tenantId: string, reportId: string, page?: PageQuery): Promise<Page<CaseFileResult>> {
      const results = () => scoped(db, tenantId).selectFrom('caseFileResults').where('reportId', '=', reportId);
      let rows = results()
        .select(['position', 'question', 'expected', 'answer', 'citations', 'fallback', 'latencyMs', 'errorCode'])
        .orderBy('position');
      if (page) rows = rows.limit(page.limit).offset(page.offset);
      const [list, count] = await Promise.all([
        rows.execute(),
        results()
          .select((eb) => eb.fn.countAll<string | number>().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return paged(
        list.map((row) => ({
          ...row,
          citations: JSON.parse(row.citations) as Citation[],
          fallback: row.fallback === 1,
        })),
        count.total,
      );
    },

    /**
     * Every report of the tenant, newest first: file reports (headline: the answered rate, once done) and
     * comparisons (headline: the score).
     */
    async allReports(tenantId: string, page: PageQuery): Promise<Page<CaseReport>> {
      const files = scoped(db, tenantId)
        .selectFrom('caseFileReports')
        .innerJoin('caseFiles', 'caseFiles.id', 'caseFileReports.fileId')
        .leftJoin('processes', (join) =>
          join
            .onRef('processes.processId', '=', 'caseFileReports.processId')
            .onRef('processes.tenantId', '=', 'caseFileReports.tenantId'),
        )
        .leftJoin('jobs', (join) =>
          join.onRef('jobs.id', '=', 'caseFileReports.jobId').onRef('jobs.tenantId', '=', 'caseFileReports.tenantId'),
        )
        .select([
          sql<string>`'file'`.as('kind'),
          'caseFileReports.id as id',
          'caseFiles.name as name',
          'caseFileReports.processId as processId',
          'processes.name as processName',
          sql<string>`case when ${sql.ref('caseFileReports.done')} = 1 then 'done' else coalesce(${sql.ref('jobs.status')}, 'failed') end`.as(
            'status',
          ),
          sql<
            number | string | null
          >`case when ${sql.ref('caseFileReports.done')} = 1 and ${sql.ref('caseFileReports.questionCount')} > 0 then ${sql.ref('caseFileReports.answeredCount')} * 1.0 / ${sql.ref('caseFileReports.questionCount')} end`.as(
            'headline',
          ),
          'caseFileReports.createdAt as createdAt',
        ]);
      const comparisons = scoped(db, tenantId)
        .selectFrom('caseComparisons')
        .leftJoin('processes', (join) =>
          join
            .onRef('processes.processId', '=', 'caseComparisons.processId')
            .onRef('processes.tenantId', '=', 'caseComparisons.tenantId'),
        )
        .select([
          sql<string>`'comparison'`.as('kind'),
          'caseComparisons.id as id',
          'caseComparisons.name as name',
          'caseComparisons.processId as processId',
          'processes.name as processName',
          sql<string>`${sql.ref('caseComparisons.status')}`.as('status'),
          sql<number | string | null>`${sql.ref('caseComparisons.score')}`.as('headline'),
          'caseComparisons.createdAt as createdAt',
        ]);
      const [rows, total] = await Promise.all([
        files
          .unionAll(comparisons)
          .orderBy('createdAt', 'desc')
          .orderBy('id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        this.countAllReports(tenantId),
      ]);
      const list = rows.map((row) => ({
        kind: row.kind as CaseReportKind,
        id: row.id,
        name: row.name,
        processId: row.processId,
        processName: row.processName ?? '',
        status: row.status,
        headline: row.headline === null ? null : Number(row.headline),
        createdAt: row.createdAt,
      }));
      return paged(list, total);
    },

    async countAllReports(tenantId: string): Promise<number> {
      const tenant = scoped(db, tenantId);
      const [files, comparisons] = await Promise.all([
        tenant
          .selectFrom('caseFileReports')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow(),
        tenant
          .selectFrom('caseComparisons')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return Number(files.n) + Number(comparisons.n);
    },

    // The analysis job's side.

    /** What an analysis works on: its file, robot and who started it; undefined when the report is gone. */
    async analysisTarget(tenantId: string, reportId: string) {
      return scoped(db, tenantId)
        .selectFrom('caseFileReports')
        .select(['fileId', 'processId', 'createdBy'])
        .where('id', '=', reportId)
        .executeTakeFirst();
    },

    /** Writes one question's result (inside the transaction that records the job's checkpoint). */
    async saveResult(trx: Kysely<DB>, tenantId: string, reportId: string, result: NewCaseResult): Promise<void> {
      await scoped(trx, tenantId)
        .insertInto('caseFileResults', {
          reportId,
          position: result.position,
          question: result.question,
          expected: result.expected,
          answer: result.answer,
          citations: JSON.stringify(result.citations),
          fallback: result.fallback ? 1 : 0,
          latencyMs: Math.max(0, Math.round(result.latencyMs)),
          errorCode: result.errorCode,
        })
        .execute();
    },

    /** Writes the report's totals from its results (inside the transaction that marks its job done). */
    async finishReport(trx: Kysely<DB>, tenantId: string, reportId: string): Promise<void> {
      const { answeredCount, fallbackCount, averageLatencyMs, p95LatencyMs } = await totalsOf(trx, tenantId, reportId);
      await scoped(trx, tenantId)
        .updateTable('caseFileReports')
        .set({ answeredCount, fallbackCount, averageLatencyMs, p95LatencyMs, done: 1, finishedAt: isoNow() })
        .where('id', '=', reportId)
        .execute();
    },
  };
}

/** Only the row's own columns reach the table. */
function pick({ question, expected, answer, session }: Omit<CaseFileRow, 'position'>) {
  return { question, expected, answer, session };
}

export type CaseFilesRepository = ReturnType<typeof caseFilesRepository>;
