import type { FastifyInstance } from 'fastify';
import { DATABASE_TABLE_LIMITS, type ImportColumn } from '@flotilla/shared/contracts';
import type { Database } from '../../db/database';
import { ReasonError, rowList } from '../../knowledge/reasons';
import type { TableFileReader } from '../../knowledge/parse-pool';
import { markJobDone, type Job } from '../../plugins/app/jobs/jobs-repository';
import type { Repositories } from '../../plugins/app/repositories';
import { UploadFiles } from '../../plugins/app/uploads/upload-files';
import { queueJobWithUpload, sweepJobUploads, type JobUploads } from '../../jobs/job-uploads';
import { JobStopped, type JobHandler, type JobOutcome } from '../../jobs/worker';
import { openBuiltin } from '../builtin-tables';
import type { StoredRow } from '../../knowledge/table-import/check';
import { writeTable } from './import-table';

/** Where an import goes: a built-in database's table. */
export type ImportTarget = { tenantId: string; databaseId: string; table: string };

/** What a background import keeps in its job: where to, the stored file, and the column types chosen. */
type ImportPayload = {
  databaseId: string;
  table: string;
  type: 'csv' | 'xlsx';
  storageKey: string;
  columns?: ImportColumn[];
};

/** Where a background import's upload waits until its task ends. */
const TABLE_UPLOADS: JobUploads = { folder: 'table-imports', type: 'importTable' };

/**
 * Writes the rows as the table (created, or replaced whole), then drops the notes of columns the new table no
 * longer has (the other columns keep their descriptions and key choices). `step`: see writeTable.
 */
export async function importIntoBuiltin(
  repos: Repositories,
  target: ImportTarget,
  columns: ImportColumn[],
  rows: StoredRow[],
  step?: (fraction: number) => Promise<void>,
): Promise<void> {
  // SQLite's names ignore ASCII case: importing `orders` replaced `Orders`, whose notes now belong to `orders`
  // (left under the old name they would list a gone table, which makes robots' lookups fail).
  const fold = (name: string) => name.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  const notesOfTable = async () => {
    const notes = (await repos.databaseTables.list(target.tenantId, target.databaseId)).filter(
      (candidate) => fold(candidate.name) === fold(target.table),
    );
    return { notes, note: notes.find((candidate) => candidate.name === target.table) ?? notes[0] };
  };
  // The keys operators chose are indexed again on the new table (the old table's indexes go with it).
  const noted = (await notesOfTable()).note?.columns.filter((column) => column.key === true) ?? [];
  const sqlite = openBuiltin(repos.databases.files.pathOf(target.tenantId, target.databaseId));
  try {
    await writeTable(
      sqlite,
      target.table,
      columns,
      rows,
      step,
      noted.map((column) => column.name),
    );
  } finally {
    sqlite.close();
  }
  const { notes, note } = await notesOfTable();
  if (!note) return;
  for (const other of notes)
    if (other.name !== target.table) await repos.databaseTables.remove(target.tenantId, target.databaseId, other.name);
  const names = new Set(columns.map((column) => column.name));
  const kept = note.columns.filter((column) => names.has(column.name));
  if (kept.length !== note.columns.length || note.name !== target.table)
    await repos.databaseTables.save(target.tenantId, target.databaseId, { ...note, name: target.table, columns: kept });
}

/** Stores the upload and queues the job that imports it (the upload stays on disk until the task ends). */
export function queueTableImport(
  fastify: FastifyInstance,
  target: ImportTarget,
  file: { userId: string; title: string; type: 'csv' | 'xlsx'; bytes: Uint8Array; columns?: ImportColumn[] },
): Promise<Job> {
  const payload = (storageKey: string): ImportPayload => ({
    databaseId: target.databaseId,
    table: target.table,
    type: file.type,
    storageKey,
    ...(file.columns && { columns: file.columns }),
  });
  return queueJobWithUpload({ db: fastify.db, files: new UploadFiles(fastify.config.dataDir) }, TABLE_UPLOADS, {
    tenantId: target.tenantId,
    userId: file.userId,
    title: file.title,
    bytes: file.bytes,
    payload,
  });
}

/** Removes stored table-import uploads no queued or running import needs; returns how many. */
export const sweepImportUploads = (repos: Repositories, files: UploadFiles, now = Date.now()) =>
  sweepJobUploads(repos, files, TABLE_UPLOADS, now);

type Dependencies = { db: Database; repos: Repositories; files: UploadFiles; parser: TableFileReader };

/**
 * The importTable job: reads the stored file again (the task survives a restart), checks every row as the
 * request did, and writes the table in one SQLite transaction, stepping between batches of rows (a cancel
 * rolls it back). Rows that do not fit fail the task with their numbers; the stored file goes when the task
 * ends (done, failed or cancelled), and stays for the next run when the server stops under it.
 */
export function tableImportHandler({ db, repos, files, parser }: Dependencies): JobHandler {
  return async (job, run): Promise<JobOutcome> => {
    const payload = JSON.parse(job.payload) as ImportPayload;
    // The run's own upload goes when its task ends, and with it any left by imports cancelled before they ran.
    const ended = async () => {
      await files.remove(payload.storageKey).catch(() => undefined);
      await sweepImportUploads(repos, files).catch(() => 0);
    };
    try {
      const database = await repos.databases.get(job.tenantId, payload.databaseId);
      if (!database || database.kind !== 'builtin') throw new ReasonError('DATABASE_NOT_FOUND');
      // Read and checked in a parser process, which reads the stored file itself.
      const check = await parser.table(
        payload.type,
        { path: files.pathOf(payload.storageKey) },
        {
          ...(payload.columns && { overrides: payload.columns }),
          validate: true,
          rowsUpTo: DATABASE_TABLE_LIMITS.importRows,
        },
        { signal: run.signal },
      );
      if (check.refused) {
        const numbers = check.refused.issues
          .map((issue) => issue.loc[1])
          .filter((n): n is number => typeof n === 'number');
        throw new ReasonError('IMPORT_ROWS_INVALID', rowList([...new Set(numbers)]));
      }
      const { columns } = check;
      const rows = check.stored ?? [];
      await run.step(0.15);
      const target = { tenantId: job.tenantId, databaseId: payload.databaseId, table: payload.table };
      await importIntoBuiltin(repos, target, columns, rows, (fraction) => run.step(0.15 + 0.8 * fraction));
      const marked = await db.transaction().execute((trx) => markJobDone(trx, run.job));
      await ended();
      return marked ? 'done' : 'lost';
    } catch (error) {
      const stopped = error instanceof JobStopped || run.signal.aborted;
      if (!stopped || (await repos.jobs.byId(job.id))?.status === 'cancelled') await ended();
      throw error;
    }
  };
}
