import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { ChunkSettings, DatasetFile, DatasetFileType, ListDatasetFilesQuery, Locale, Page, QaPair, Segment, TaskType } from '@flotilla/shared/contracts';
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
export type NewSegment = { text: string; question: string | null; answer: string | null; searchText: string; embedding: Buffer | null };

/** Rows per INSERT: well inside both SQLite's and PostgreSQL's limits on bound values. */
const INSERT_BATCH = 500;
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

function segmentRows(datasetId: string, fileId: string | null, from: number, segments: NewSegment[]) {
  const now = isoNow();
  return segments.map((segment, i) => ({
    id: randomUUID(),
    datasetId,
    fileId,
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

/**
 * Raises the dataset's `updatedAt`, which locks its row until the transaction ends. Every transaction that
 * changes a dataset's content (its files, segments, catalogues, counts) starts with it, so on PostgreSQL
 * they run one after the other per dataset — never deadlocking, never reading counts or trees that another
 * is changing. Throws 404 DATASET_NOT_FOUND when the tenant has no such dataset.
 */
export async function lockDataset(trx: Kysely<DB>, tenantId: string, datasetId: string): Promise<void> {
  const result = await scoped(trx, tenantId).updateTable('datasets').set({ updatedAt: isoNow() }).where('id', '=', datasetId).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound('DATASET_NOT_FOUND');
}

/**
 * Deletes files of a dataset with their segments (inside the caller's transaction, after lockDataset) and
 * keeps the dataset's counts; their active jobs are cancelled (a running one notices and writes nothing).
 * Returns the storage keys of their originals, to remove once the transaction has committed.
 */
export async function removeFilesIn(trx: Kysely<DB>, tenantId: string, datasetId: string, fileIds: string[]): Promise<string[]> {
  const tenant = scoped(trx, tenantId);
  const keys: string[] = [];
  let files = 0;
  let segments = 0;
  for (const ids of batches([...new Set(fileIds)], ID_BATCH)) {
    await cancelJobsOfFiles(trx, tenantId, ids);
    const rows = await tenant.selectFrom('datasetFiles').select(['id', 'storageKey']).where('datasetId', '=', datasetId).where('id', 'in', ids).execute();
    if (rows.length === 0) continue;
    const found = rows.map((row) => row.id);
    const deleted = await tenant.deleteFrom('segments').where('fileId', 'in', found).executeTakeFirst();
    await tenant.deleteFrom('datasetFiles').where('id', 'in', found).execute();
    keys.push(...rows.map((row) => row.storageKey));
    files += rows.length;
    segments += Number(deleted.numDeletedRows);
  }
  if (files > 0) {
    await tenant
      .updateTable('datasets')
      .set((eb) => ({ fileCount: eb('fileCount', '-', files), segmentCount: eb('segmentCount', '-', segments), updatedAt: isoNow() }))
      .where('id', '=', datasetId)
      .execute();
  }
  return keys;
}

/** What a job's commit came to: written; the job is no longer this run's (nothing written); the dataset's embedding model changed meanwhile (nothing written: run again). */
export type CommitOutcome = 'done' | 'lost' | 'modelChanged';

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
 * Files of datasets and their segments (DESIGN.md §7). The original of each file is on disk under its
 * storage key; its segments are written only by the job that parses it, all at once (see commitSegments),
 * or added one by one by hand.
 */
export function datasetFilesRepository(db: Database) {
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
      return scoped(db, tenantId).selectFrom('datasetFiles').selectAll().where('datasetId', '=', datasetId).where('id', '=', fileId).executeTakeFirst();
    },

    /** The file row (queued) and its job, in one transaction; the dataset counts one more file. The original must already be stored. */
    async create(tenantId: string, file: NewDatasetFile): Promise<{ file: DatasetFileRow; job: Job }> {
      return db.transaction().execute(async (trx) => {
        const tenant = scoped(trx, tenantId);
        const job = await insertJob(trx, tenantId, { userId: file.createdBy, type: file.jobType, title: file.name, datasetId: file.datasetId, fileId: file.id });
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
          createdBy: file.createdBy,
          createdAt: now,
          updatedAt: now,
        };
        await tenant.insertInto('datasetFiles', row).execute();
        await tenant.updateTable('datasets').set((eb) => ({ fileCount: eb('fileCount', '+', 1), updatedAt: now })).where('id', '=', file.datasetId).execute();
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
    async reindex(tenantId: string, datasetId: string, fileId: string, userId: string, settings: ChunkSettings): Promise<{ file: DatasetFileRow; job: Job }> {
      return db.transaction().execute(async (trx) => {
        const tenant = scoped(trx, tenantId);
        const file = await tenant.selectFrom('datasetFiles').selectAll().where('datasetId', '=', datasetId).where('id', '=', fileId).executeTakeFirst();
        if (!file) throw notFound('FILE_NOT_FOUND');
        const job = await insertJob(trx, tenantId, { userId, type: 'reindexFile', title: file.name, datasetId, fileId, payload: { settings } });
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
     * Writes a job's result in ONE transaction: the job done (only while it is still this run's), the file's
     * old segments replaced by `segments`, the file done with its count (and `settings` when a re-index
     * brought new ones, `warning` as its note), the dataset's count. A process killed before the commit
     * leaves the file as it was; a file is never done with part of its segments.
     */
    async commitSegments(
      job: RunningJob & { datasetId: string; fileId: string },
      segments: NewSegment[],
      options: { embeddingModel: string | null; settings?: ChunkSettings; warning?: string | null },
    ): Promise<CommitOutcome> {
      try {
        return await db.transaction().execute(async (trx) => {
          const tenant = scoped(trx, job.tenantId);
          const locked = await tenant.updateTable('datasets').set({ updatedAt: isoNow() }).where('id', '=', job.datasetId).executeTakeFirst();
          if (Number(locked.numUpdatedRows) === 0) throw new RollBack('lost');
          if (!(await markJobDone(trx, job, options.warning ?? null))) throw new RollBack('lost');
          const now = isoNow();
          const file = await tenant
            .updateTable('datasetFiles')
            .set({
              status: 'done',
              error: options.warning ?? null,
              segmentCount: segments.length,
              updatedAt: now,
              ...(options.settings
                ? { chunkSize: options.settings.chunkSize, overlap: options.settings.overlap, separators: JSON.stringify(options.settings.separators) }
                : {}),
            })
            .where('id', '=', job.fileId)
            .where('jobId', '=', job.id)
            .executeTakeFirst();
          if (Number(file.numUpdatedRows) === 0) throw new RollBack('lost');
          const dataset = await tenant.selectFrom('datasets').select('embeddingModel').where('id', '=', job.datasetId).executeTakeFirst();
          if (!dataset) throw new RollBack('lost');
          if ((dataset.embeddingModel ?? null) !== options.embeddingModel) throw new RollBack('modelChanged');
          const deleted = await tenant.deleteFrom('segments').where('fileId', '=', job.fileId).executeTakeFirst();
          for (const batch of batches(segmentRows(job.datasetId, job.fileId, 0, segments), INSERT_BATCH)) {
            await tenant.insertInto('segments', batch).execute();
          }
          const delta = segments.length - Number(deleted.numDeletedRows);
          await tenant.updateTable('datasets').set((eb) => ({ segmentCount: eb('segmentCount', '+', delta), updatedAt: now })).where('id', '=', job.datasetId).execute();
          return 'done' as const;
        });
      } catch (error) {
        if (error instanceof RollBack) return error.outcome;
        throw error;
      }
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
        const file = await tenant.selectFrom('datasetFiles').select(['name', 'catalogueId']).where('datasetId', '=', datasetId).where('id', '=', fileId).executeTakeFirst();
        if (!file) throw notFound('FILE_NOT_FOUND');
        if (Number(locked.numUpdatedRows) === 0) throw new AppError(409, 'CONFLICT', 'FILE_BUSY');
        const last = await tenant.selectFrom('segments').select((eb) => eb.fn.max('position').as('position')).where('fileId', '=', fileId).executeTakeFirst();
        const position = last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
        const [row] = segmentRows(datasetId, fileId, position, [segment]);
        await tenant.insertInto('segments', row!).execute();
        await tenant.updateTable('datasets').set((eb) => ({ segmentCount: eb('segmentCount', '+', 1), updatedAt: now })).where('id', '=', datasetId).execute();
        return toSegment({ ...row!, tenantId }, file);
      });
    },

    /** QA pairs entered by hand: segments of no file, after the dataset's other hand-entered pairs. */
    async addQaPairs(tenantId: string, datasetId: string, pairs: Array<QaPair & { searchText: string; embedding: Buffer | null }>): Promise<Segment[]> {
      return db.transaction().execute(async (trx) => {
        const tenant = scoped(trx, tenantId);
        const now = isoNow();
        // Locks the dataset row first (see lockDataset): concurrent additions get distinct positions.
        const dataset = await tenant.updateTable('datasets').set((eb) => ({ segmentCount: eb('segmentCount', '+', pairs.length), updatedAt: now })).where('id', '=', datasetId).executeTakeFirst();
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
          from,
          pairs.map((pair) => ({ text: `${pair.question}\n${pair.answer}`, question: pair.question, answer: pair.answer, searchText: pair.searchText, embedding: pair.embedding })),
        );
        for (const batch of batches(rows, INSERT_BATCH)) await tenant.insertInto('segments', batch).execute();
        return rows.map((row) => toSegment({ ...row, tenantId }, undefined));
      });
    },
  };
}

export type DatasetFilesRepository = ReturnType<typeof datasetFilesRepository>;
