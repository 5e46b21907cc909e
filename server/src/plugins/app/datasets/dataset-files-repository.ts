import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import {
  CompiledQuery,
  PostgresAdapter,
  type ExpressionBuilder,
  type Kysely,
  type QueryResult,
  type Selectable,
} from 'kysely';
import { v7 as uuidV7 } from 'uuid';
import type {
  ChunkSettings,
  DatasetFile,
  DatasetFileType,
  ListDatasetFilesQuery,
  Locale,
  Page,
  QaPair,
  Segment,
  TaskType,
} from '@flotilla/shared/contracts';
import type { Database } from '../../../db/database';
import { containsText, paged } from '../../../db/filters';
import type { DB, DatasetFilesTable, SegmentsTable } from '../../../db/schema';
import { scoped } from '../../../db/scoped';
import { AppError, notFound } from '../../../lib/app-error';
import { isoNow } from '../../../lib/clock';
import { reasonText } from '../../../knowledge/reasons';
import { cancelJobsOfFiles, insertJob, markJobDone, type Job, type RunningJob } from '../jobs/jobs-repository';

export type DatasetFileRow = Selectable<DatasetFilesTable>;
export type SegmentRow = Selectable<SegmentsTable>;

/** A segment to write: its text (question + answer for a QA pair), its search tokens and vector. */
export type NewSegment = {
  text: string;
  question: string | null;
  answer: string | null;
  searchText: string;
  embedding: Buffer | null;
};

/** Rows per INSERT: 14 values each, well inside SQLite's (32 766) and PostgreSQL's (65 535) limits on bound values. */
const INSERT_BATCH = 512;
/** The columns an INSERT of segments writes (insertSegments() binds its values in this order). */
const SEGMENT_COLUMNS = [
  'id',
  'tenant_id',
  'dataset_id',
  'file_id',
  'generation',
  'position',
  'text',
  'question',
  'answer',
  'enabled',
  'search_text',
  'embedding',
  'created_at',
  'updated_at',
];
/**
 * Segments deleted per transaction when old or abandoned generations are cleared: each row also leaves the
 * full-text index (its tokens read again), so a batch holds the main thread some tens of milliseconds.
 */
const PURGE_BATCH = 256;
/** Ids per `in (…)` list. */
const ID_BATCH = 500;

function batches<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The chunk settings of a file row. */
export function settingsOf(file: Pick<DatasetFileRow, 'chunkSize' | 'overlap' | 'separators'>): ChunkSettings {
  return { chunkSize: file.chunkSize, overlap: file.overlap, separators: JSON.parse(file.separators) as string[] };
}

/** The row as the API shows it, its failure reason in the reader's language. */
export function toDatasetFile(row: DatasetFileRow, locale: Locale): DatasetFile {
  return {
    id: row.id,
    datasetId: row.datasetId,
    catalogueId: row.catalogueId,
    name: row.name,
    type: row.type,
    size: Number(row.size),
    status: row.status,
    error: row.error === null ? null : reasonText(row.error, locale),
    segmentCount: Number(row.segmentCount),
    chunkSize: row.chunkSize,
    overlap: row.overlap,
    separators: JSON.parse(row.separators) as string[],
    jobId: row.jobId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function toSegment(row: SegmentRow, file: { name: string; catalogueId: string | null } | undefined): Segment {
  return {
    id: row.id,
    datasetId: row.datasetId,
    fileId: row.fileId,
    fileName: file?.name ?? '',
    catalogueId: file?.catalogueId ?? null,
    position: row.position,
    text: row.text,
    ...(row.question !== null ? { question: row.question } : {}),
    ...(row.answer !== null ? { answer: row.answer } : {}),
    enabled: Number(row.enabled) === 1,
  };
}

/**
 * A new segment's id: a UUID of version 7 (RFC 9562), time-ordered. Ids that follow each other go to the end
 * of the id index instead of a random page of it: a file's commit dirties a few pages of that index rather
 * than one per segment (random v4 ids wrote ~40% more to the WAL and cost ~20 µs more CPU per segment, at 10k
 * segments).
 */
export const segmentId = (): string => uuidV7();

/** Rows of `segments` for a file's `generation` (0 for QA pairs of no file), numbered from `from`. */
function segmentRows(
  datasetId: string,
  fileId: string | null,
  generation: number,
  from: number,
  segments: NewSegment[],
) {
  const now = isoNow();
  return segments.map((segment, i) => ({
    id: segmentId(),
    datasetId,
    fileId,
    generation,
    position: from + i,
    text: segment.text,
    question: segment.question,
    answer: segment.answer,
    enabled: 1 as const,
    searchText: segment.searchText,
    embedding: segment.embedding,
    createdAt: now,
    updatedAt: now,
  }));
}

type SegmentInsertRow = ReturnType<typeof segmentRows>[number];

const isPostgres = (db: Kysely<DB>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** `?` placeholders as PostgreSQL's `$1, $2 …` (the statements below hold no `?` of their own). */
const numbered = (statement: string) => {
  let n = 0;
  return statement.replace(/\?/g, () => `$${++n}`);
};

/**
 * The statements of a parse job's commit, hand-written (each with its tenant filter, as the full-text
 * statements of segments-repository.ts): built by Kysely, the six of a commit took ~0.4 ms of JavaScript
 * against ~0.06 ms — as much as SQLite needs to write a dozen segments. The lock returns the dataset's
 * embedding model (read under the lock, as before); `coalesce`: a re-index's new settings, or the file's own.
 */
const COMMIT_STATEMENTS = {
  /** Proves the job is still this run's (and beats): every staging transaction starts with it. */
  fence: "update jobs set heartbeat_at = ? where tenant_id = ? and id = ? and status = 'running' and attempts = ?",
  newGeneration:
    'update dataset_files set latest_generation = latest_generation + 1 where tenant_id = ? and id = ? and job_id = ? returning latest_generation',
  lockDataset: 'update datasets set updated_at = ? where tenant_id = ? and id = ? returning embedding_model',
  // Before fileDone: the difference to the file's count so far (its visible segments).
  countSegments:
    'update datasets set segment_count = segment_count + ? - (select segment_count from dataset_files where tenant_id = ? and id = ?), updated_at = ? where tenant_id = ? and id = ?',
  fileDone:
    'update dataset_files set status = ?, error = ?, segment_count = ?, generation = ?, chunk_size = coalesce(?, chunk_size), overlap = coalesce(?, overlap), ' +
    'separators = coalesce(?, separators), updated_at = ? where tenant_id = ? and id = ? and job_id = ? and latest_generation = ?',
  purge:
    'delete from segments where id in (select id from segments where tenant_id = ? and file_id = ? and generation <= ? ' +
    `and generation <> (select generation from dataset_files where id = ?) limit ${PURGE_BATCH})`,
};
const COMMIT_STATEMENTS_POSTGRES = Object.fromEntries(
  Object.entries(COMMIT_STATEMENTS).map(([name, statement]) => [name, numbered(statement)]),
) as typeof COMMIT_STATEMENTS;
const statementsOf = (trx: Kysely<DB>) => (isPostgres(trx) ? COMMIT_STATEMENTS_POSTGRES : COMMIT_STATEMENTS);
const run = <R>(trx: Kysely<DB>, statement: string, parameters: unknown[]): Promise<QueryResult<R>> =>
  trx.executeQuery<R>(CompiledQuery.raw(statement, parameters));

/** Whether the job is still this run's (running, not claimed again since), checked inside the caller's transaction. */
async function fenced(trx: Kysely<DB>, job: RunningJob): Promise<boolean> {
  const result = await run(trx, statementsOf(trx).fence, [isoNow(), job.tenantId, job.id, job.attempts]);
  return Number(result.numAffectedRows) > 0;
}

const SEGMENT_INSERT = `insert into segments (${SEGMENT_COLUMNS.join(', ')})`;
const SEGMENT_VALUES = `(${SEGMENT_COLUMNS.map(() => '?').join(', ')})`;
const sqliteInserts = new Map<number, string>();

/**
 * SQLite: rows in one INSERT of 1, 2, 4 … 512 rows, the unused ones all null and filtered out. One statement
 * per batch matters: SQLite opens a statement savepoint for each INSERT that fires the full-text trigger,
 * and FTS5 writes its pending tokens out as a new index segment at every savepoint (one per row would mean
 * one per segment, merged again later). And ten statement texts, not one per row count: the dialect keeps
 * every distinct text prepared (server/src/db/dialects/sqlite.ts), and a 500-row statement is large.
 */
function sqliteInsert(rows: number): { text: string; size: number } {
  let size = 1;
  while (size < rows) size *= 2;
  let text = sqliteInserts.get(size);
  if (!text) {
    text = `${SEGMENT_INSERT} select * from (values ${Array.from({ length: size }, () => SEGMENT_VALUES).join(', ')}) where column1 is not null`;
    sqliteInserts.set(size, text);
  }
  return { text, size };
}

/** PostgreSQL: one INSERT of exactly these rows (pg does not keep statements prepared). */
function postgresInsert(rows: number): string {
  return numbered(`${SEGMENT_INSERT} values ${Array.from({ length: rows }, () => SEGMENT_VALUES).join(', ')}`);
}

/**
 * Inserts segment rows of the tenant (in the caller's transaction; the full-text index follows by trigger on
 * SQLite, by its generated column on PostgreSQL). Hand-written SQL: Kysely would build and compile a query of
 * 13 values per row, as much work as SQLite's insert itself.
 */
async function insertSegments(trx: Kysely<DB>, tenantId: string, rows: SegmentInsertRow[]): Promise<void> {
  const postgres = isPostgres(trx);
  for (const batch of batches(rows, INSERT_BATCH)) {
    const parameters = batch.flatMap((row) => [
      row.id,
      tenantId,
      row.datasetId,
      row.fileId,
      row.generation,
      row.position,
      row.text,
      row.question,
      row.answer,
      row.enabled,
      row.searchText,
      row.embedding,
      row.createdAt,
      row.updatedAt,
    ]);
    if (postgres) {
      await trx.executeQuery(CompiledQuery.raw(postgresInsert(batch.length), parameters));
    } else {
      const { text, size } = sqliteInsert(batch.length);
      while (parameters.length < size * SEGMENT_COLUMNS.length) parameters.push(null);
      await trx.executeQuery(CompiledQuery.raw(text, parameters));
    }
  }
}

/**
 * Raises the dataset's `updatedAt`, which locks its row until the transaction ends. Every transaction that
 * changes a dataset's content (its files, segments, catalogues, counts) starts with it, so on PostgreSQL
 * they run one after the other per dataset — never deadlocking, never reading counts or trees that another
 * is changing. Throws 404 DATASET_NOT_FOUND when the tenant has no such dataset.
 */
export async function lockDataset(trx: Kysely<DB>, tenantId: string, datasetId: string): Promise<void> {
  const result = await scoped(trx, tenantId)
    .updateTable('datasets')
    .set({ updatedAt: isoNow() })
    .where('id', '=', datasetId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound('DATASET_NOT_FOUND');
}

/**
 * Deletes files of a dataset with their segments (inside the caller's transaction, after lockDataset) and
 * keeps the dataset's counts; their active jobs are cancelled (a running one notices and writes nothing).
 * Returns the storage keys of their originals, to remove once the transaction has committed.
 */
export async function removeFilesIn(
  trx: Kysely<DB>,
  tenantId: string,
  datasetId: string,
  fileIds: string[],
): Promise<string[]> {
  const tenant = scoped(trx, tenantId);
  const keys: string[] = [];
  let files = 0;
  let segments = 0;
  for (const ids of batches([...new Set(fileIds)], ID_BATCH)) {
    await cancelJobsOfFiles(trx, tenantId, ids);
    const rows = await tenant
      .selectFrom('datasetFiles')
      .select(['id', 'storageKey', 'segmentCount'])
      .where('datasetId', '=', datasetId)
      .where('id', 'in', ids)
      .execute();
    if (rows.length === 0) continue;
    const found = rows.map((row) => row.id);
    // Every generation goes (staged ones too); the dataset counted only the visible ones, as each file does.
    await tenant.deleteFrom('segments').where('fileId', 'in', found).execute();
    await tenant.deleteFrom('datasetFiles').where('id', 'in', found).execute();
    keys.push(...rows.map((row) => row.storageKey));
    files += rows.length;
    segments += rows.reduce((sum, row) => sum + Number(row.segmentCount), 0);
  }
  if (files > 0) {
    await tenant
      .updateTable('datasets')
      .set((eb) => ({
        fileCount: eb('fileCount', '-', files),
        segmentCount: eb('segmentCount', '-', segments),
        updatedAt: isoNow(),
      }))
      .where('id', '=', datasetId)
      .execute();
  }
  return keys;
}

/** What a job's commit came to: written; the job is no longer this run's (nothing written); the dataset's embedding model changed meanwhile (nothing written: run again). */
export type CommitOutcome = 'done' | 'lost' | 'modelChanged';

/** The run of a job that writes a file's segments (its `attempts` fence every write, see markJobDone). */
export type StagingJob = RunningJob & { datasetId: string; fileId: string };

class RollBack extends Error {
  constructor(readonly outcome: CommitOutcome) {
    super(outcome);
  }
}

/** A new file: its row and the job that parses it. */
export type NewDatasetFile = {
  id: string;
  datasetId: string;
  catalogueId: string | null;
  name: string;
  type: DatasetFileType;
  size: number;
  contentType: string;
  storageKey: string;
  settings: ChunkSettings;
  createdBy: string;
  jobType: TaskType;
};

/**
 * Files of datasets and their segments (docs/knowledge.md). The original of each file is on disk under its
 * storage key; its segments are written only by the job that parses it — staged in a new generation, then
 * made visible all at once (beginStaging, stageSegments, publishSegments) — or added one by one by hand.
 */
export function datasetFilesRepository(db: Database) {
  /**
   * Deletes the file's segments of generations up to `upTo` but the visible one, a bounded batch per
   * transaction with the event loop served between them: the old generation after a publish, a failed or
   * stopped run's own, what a killed run left. Stops early when `signal` aborts. Returns the rows deleted.
   */
  async function purgeGenerations(
    tenantId: string,
    fileId: string,
    upTo: number,
    signal?: AbortSignal,
  ): Promise<number> {
    let deleted = 0;
    while (!signal?.aborted) {
      const result = await run(db, statementsOf(db).purge, [tenantId, fileId, upTo, fileId]);
      const rows = Number(result.numAffectedRows ?? 0);
      deleted += rows;
      if (rows < PURGE_BATCH) break;
      await yieldToEventLoop();
    }
    return deleted;
  }

  return {
    async list(tenantId: string, datasetId: string, query: ListDatasetFilesQuery): Promise<Page<DatasetFileRow>> {
      let base = scoped(db, tenantId).selectFrom('datasetFiles').where('datasetId', '=', datasetId);
      if (query.catalogueId === 'root') base = base.where('catalogueId', 'is', null);
      else if (query.catalogueId) base = base.where('catalogueId', '=', query.catalogueId);
      if (query.status) base = base.where('status', '=', query.status);
      if (query.keyword) base = base.where(containsText('datasetFiles.name', query.keyword));
      const [rows, count] = await Promise.all([
        base.selectAll().orderBy('createdAt', 'desc').orderBy('id').limit(query.limit).offset(query.offset).execute(),
        base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
      ]);
      return paged(rows, count.total);
    },

    async get(tenantId: string, datasetId: string, fileId: string): Promise<DatasetFileRow | undefined> {
      return scoped(db, tenantId)
        .selectFrom('datasetFiles')
        .selectAll()
        .where('datasetId', '=', datasetId)
        .where('id', '=', fileId)
        .executeTakeFirst();
    },

    /** The file row (queued) and its job, in one transaction; the dataset counts one more file. The original must already be stored. */
    async create(tenantId: string, file: NewDatasetFile): Promise<{ file: DatasetFileRow; job: Job }> {
      return db.transaction().execute(async (trx) => {
        const tenant = scoped(trx, tenantId);
        const job = await insertJob(trx, tenantId, {
          userId: file.createdBy,
          type: file.jobType,
          title: file.name,
          datasetId: file.datasetId,
          fileId: file.id,
        });
        const now = isoNow();
        const row = {
          id: file.id,
          datasetId: file.datasetId,
          catalogueId: file.catalogueId,
          name: file.name,
          type: file.type,
          size: file.size,
          contentType: file.contentType,
          storageKey: file.storageKey,
          status: 'queued' as const,
          error: null,
          segmentCount: 0,
          chunkSize: file.settings.chunkSize,
          overlap: file.settings.overlap,
          separators: JSON.stringify(file.settings.separators),
          jobId: job.id,
          generation: 0,
          latestGeneration: 0,
          createdBy: file.createdBy,
          createdAt: now,
          updatedAt: now,
        };
        await tenant.insertInto('datasetFiles', row).execute();
        await tenant
          .updateTable('datasets')
          .set((eb) => ({ fileCount: eb('fileCount', '+', 1), updatedAt: now }))
          .where('id', '=', file.datasetId)
          .execute();
        return { file: { ...row, tenantId }, job };
      });
    },

    /** Deletes files of the dataset (ids of other datasets or tenants are ignored); returns their storage keys. */
    async remove(tenantId: string, datasetId: string, fileIds: string[]): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        await lockDataset(trx, tenantId, datasetId);
        return removeFilesIn(trx, tenantId, datasetId, fileIds);
      });
    },

    /**
     * A reindexFile job for the file, with new chunk settings (applied when it succeeds). 404 FILE_NOT_FOUND;
     * 409 FILE_BUSY while another job works on it.
     */
    async reindex(
      tenantId: string,
      datasetId: string,
      fileId: string,
      userId: string,
      settings: ChunkSettings,
    ): Promise<{ file: DatasetFileRow; job: Job }> {
      return db.transaction().execute(async (trx) => {
        const tenant = scoped(trx, tenantId);
        const file = await tenant
          .selectFrom('datasetFiles')
          .selectAll()
          .where('datasetId', '=', datasetId)
          .where('id', '=', fileId)
          .executeTakeFirst();
        if (!file) throw notFound('FILE_NOT_FOUND');
        const job = await insertJob(trx, tenantId, {
          userId,
          type: 'reindexFile',
          title: file.name,
          datasetId,
          fileId,
          payload: { settings },
        });
        const now = isoNow();
        const claimed = await tenant
          .updateTable('datasetFiles')
          .set({ status: 'queued', error: null, jobId: job.id, updatedAt: now })
          .where('id', '=', fileId)
          .where('status', 'in', ['done', 'failed'])
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 0) throw new AppError(409, 'CONFLICT', 'FILE_BUSY');
        return { file: { ...file, status: 'queued', error: null, jobId: job.id, updatedAt: now }, job };
      });
    },

    /**
     * Starts a job run's writing of its file's segments: a new generation, above every one handed out before
     * (so rows of an earlier run, killed or lost, can never be taken for this one's). Undefined when the job
     * is no longer this run's.
     */
    async beginStaging(job: StagingJob): Promise<number | undefined> {
      return db.transaction().execute(async (trx) => {
        const statements = statementsOf(trx);
        if (!(await fenced(trx, job))) return undefined;
        const [file] = (
          await run<{ latestGeneration: number }>(trx, statements.newGeneration, [job.tenantId, job.fileId, job.id])
        ).rows;
        return file ? Number(file.latestGeneration) : undefined;
      });
    },

    /**
     * Writes segments of the run's generation, numbered from `from`, in one short transaction; nobody sees them
     * until publishSegments. False (nothing written) when the job is no longer this run's: cancelled, taken
     * back, or its file deleted.
     */
    async stageSegments(job: StagingJob, generation: number, from: number, segments: NewSegment[]): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (!(await fenced(trx, job))) return false;
        await insertSegments(trx, job.tenantId, segmentRows(job.datasetId, job.fileId, generation, from, segments));
        return true;
      });
    },

    /**
     * Makes the run's segments the file's, in ONE small transaction: its `last` ones written (fewer than a
     * staging transaction holds: a small file's only ones), the job done (only while it is still this run's),
     * the file done at this generation with its count, `count` in all (and `settings` when a re-index brought
     * new ones, `warning` as its note), the dataset's count. Readers see the old segments until this commits
     * and the new ones after, all of them; the old generation is left for purgeGenerations.
     */
    async publishSegments(
      job: StagingJob,
      generation: number,
      { count, last }: { count: number; last: NewSegment[] },
      options: { embeddingModel: string | null; settings?: ChunkSettings; warning?: string | null },
    ): Promise<CommitOutcome> {
      try {
        return await db.transaction().execute(async (trx) => {
          const statements = statementsOf(trx);
          const now = isoNow();
          const [dataset] = (
            await run<{ embeddingModel: string | null }>(trx, statements.lockDataset, [
              now,
              job.tenantId,
              job.datasetId,
            ])
          ).rows;
          if (!dataset) throw new RollBack('lost');
          if (!(await markJobDone(trx, job, options.warning ?? null))) throw new RollBack('lost');
          await run(trx, statements.countSegments, [count, job.tenantId, job.fileId, now, job.tenantId, job.datasetId]);
          const { settings } = options;
          const file = await run(trx, statements.fileDone, [
            'done',
            options.warning ?? null,
            count,
            generation,
            settings?.chunkSize ?? null,
            settings?.overlap ?? null,
            settings ? JSON.stringify(settings.separators) : null,
            now,
            job.tenantId,
            job.fileId,
            job.id,
            generation,
          ]);
          if (Number(file.numAffectedRows) === 0) throw new RollBack('lost');
          if ((dataset.embeddingModel ?? null) !== options.embeddingModel) throw new RollBack('modelChanged');
          await insertSegments(
            trx,
            job.tenantId,
            segmentRows(job.datasetId, job.fileId, generation, count - last.length, last),
          );
          return 'done' as const;
        });
      } catch (error) {
        if (error instanceof RollBack) return error.outcome;
        throw error;
      }
    },

    purgeGenerations,

    /**
     * Clears what runs that died left behind: segments of other generations than the visible one, of files no
     * job works on now (done or failed). Only generations handed out before this look are deleted, so a run
     * that starts meanwhile keeps its own. Returns the rows deleted.
     */
    async purgeLeftovers(signal?: AbortSignal): Promise<number> {
      const other = (eb: ExpressionBuilder<DB, 'datasetFiles'>, side: '<' | '>') =>
        eb.exists(
          eb
            .selectFrom('segments')
            .select('segments.id')
            .whereRef('segments.fileId', '=', 'datasetFiles.id')
            .whereRef('segments.generation', side, 'datasetFiles.generation'),
        );
      // Across tenants: the worker serves them all; each file is then cleared through its own tenant.
      const files = await db
        .selectFrom('datasetFiles')
        .select(['id', 'tenantId', 'latestGeneration'])
        .where('status', 'in', ['done', 'failed'])
        .where((eb) => eb.or([other(eb, '<'), other(eb, '>')]))
        .execute();
      let deleted = 0;
      for (const file of files) {
        if (signal?.aborted) break;
        deleted += await purgeGenerations(file.tenantId, file.id, Number(file.latestGeneration), signal);
      }
      return deleted;
    },

    /**
     * A segment added by hand at the end of a file (404 FILE_NOT_FOUND; 409 FILE_BUSY while a job works on
     * the file, whose result would replace it).
     */
    async addSegment(tenantId: string, datasetId: string, fileId: string, segment: NewSegment): Promise<Segment> {
      return db.transaction().execute(async (trx) => {
        await lockDataset(trx, tenantId, datasetId);
        const tenant = scoped(trx, tenantId);
        const now = isoNow();
        const locked = await tenant
          .updateTable('datasetFiles')
          .set((eb) => ({ segmentCount: eb('segmentCount', '+', 1), updatedAt: now }))
          .where('datasetId', '=', datasetId)
          .where('id', '=', fileId)
          .where('status', 'in', ['done', 'failed'])
          .executeTakeFirst();
        const file = await tenant
          .selectFrom('datasetFiles')
          .select(['name', 'catalogueId', 'generation'])
          .where('datasetId', '=', datasetId)
          .where('id', '=', fileId)
          .executeTakeFirst();
        if (!file) throw notFound('FILE_NOT_FOUND');
        if (Number(locked.numUpdatedRows) === 0) throw new AppError(409, 'CONFLICT', 'FILE_BUSY');
        // In the generation readers see, after its last segment.
        const visible = Number(file.generation);
        const last = await tenant
          .selectFrom('segments')
          .select((eb) => eb.fn.max('position').as('position'))
          .where('fileId', '=', fileId)
          .where('generation', '=', visible)
          .executeTakeFirst();
        const position = last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
        const [row] = segmentRows(datasetId, fileId, visible, position, [segment]);
        await insertSegments(trx, tenantId, [row!]);
        await tenant
          .updateTable('datasets')
          .set((eb) => ({ segmentCount: eb('segmentCount', '+', 1), updatedAt: now }))
          .where('id', '=', datasetId)
          .execute();
        return toSegment({ ...row!, tenantId }, file);
      });
    },

    /** QA pairs entered by hand: segments of no file, after the dataset's other hand-entered pairs. */
    async addQaPairs(
      tenantId: string,
      datasetId: string,
      pairs: Array<QaPair & { searchText: string; embedding: Buffer | null }>,
    ): Promise<Segment[]> {
      return db.transaction().execute(async (trx) => {
        const tenant = scoped(trx, tenantId);
        const now = isoNow();
        // Locks the dataset row first (see lockDataset): concurrent additions get distinct positions.
        const dataset = await tenant
          .updateTable('datasets')
          .set((eb) => ({ segmentCount: eb('segmentCount', '+', pairs.length), updatedAt: now }))
          .where('id', '=', datasetId)
          .executeTakeFirst();
        if (Number(dataset.numUpdatedRows) === 0) throw notFound('DATASET_NOT_FOUND');
        const last = await tenant
          .selectFrom('segments')
          .select((eb) => eb.fn.max('position').as('position'))
          .where('datasetId', '=', datasetId)
          .where('fileId', 'is', null)
          .executeTakeFirst();
        const from = last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
        const rows = segmentRows(
          datasetId,
          null,
          0,
          from,
          pairs.map((pair) => ({
            text: `${pair.question}\n${pair.answer}`,
            question: pair.question,
            answer: pair.answer,
            searchText: pair.searchText,
            embedding: pair.embedding,
          })),
        );
        await insertSegments(trx, tenantId, rows);
        return rows.map((row) => toSegment({ ...row, tenantId }, undefined));
      });
    },
  };
}

export type DatasetFilesRepository = ReturnType<typeof datasetFilesRepository>;
