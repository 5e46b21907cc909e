import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { ListTasksQuery, Page, TaskStatus, TaskType } from '@flotilla/shared/contracts';
import type { Database } from '../../../db/database';
import { paged } from '../../../db/filters';
import { prepare } from '../../../db/prepared';
import type { DB, JobsTable } from '../../../db/schema';
import { scoped } from '../../../db/scoped';
import { AppError, notFound } from '../../../lib/app-error';
import { isoNow } from '../../../lib/clock';
import { storedReason, type Reason } from '../../../knowledge/reasons';

export type Job = Selectable<JobsTable>;
export type NewJob = {
  userId: string;
  type: TaskType;
  title: string;
  datasetId: string | null;
  fileId: string | null;
  payload?: object;
};

/** A job taken back from a dead process this many times is failed instead (a process that keeps dying under it). */
export const MAX_ATTEMPTS = 3;
/** The attempt from which a job found dead in the middle of its parse is failed as a poison file. */
const POISON_AFTER_ATTEMPTS = 2;
export const ACTIVE: TaskStatus[] = ['queued', 'running'];
const ENDED: TaskStatus[] = ['failed', 'cancelled'];

/** What identifies one run of a job. */
export type RunningJob = Pick<Job, 'id' | 'tenantId' | 'attempts'>;

/** Who asks: admins reach every job of their tenant, anyone else only the jobs they started. */
export type JobReader = { tenantId: string; userId: string; admin: boolean };

/** Inserts a queued job (inside the caller's transaction, with the rows it works on). */
export async function insertJob(trx: Kysely<DB>, tenantId: string, job: NewJob): Promise<Job> {
  const now = isoNow();
  const row = {
    id: randomUUID(),
    userId: job.userId,
    type: job.type,
    status: 'queued' as const,
    progress: 0,
    error: null,
    title: job.title,
    datasetId: job.datasetId,
    fileId: job.fileId,
    payload: JSON.stringify(job.payload ?? {}),
    checkpoint: '{}',
    attempts: 0,
    heartbeatAt: null,
    parsingSince: null,
    createdAt: now,
    updatedAt: now,
  };
  await scoped(trx, tenantId).insertInto('jobs', row).execute();
  return { ...row, tenantId };
}

/**
 * The built-in database an importTable job writes to, read from its payload (the task list links to it; the
 * payload already holds it, so the jobs table needs no column). Null for every other job, and for a payload
 * that does not name one.
 */
export function databaseIdOf(job: Pick<Job, 'type' | 'payload'>): string | null {
  if (job.type !== 'importTable') return null;
  try {
    const { databaseId } = JSON.parse(job.payload) as { databaseId?: unknown };
    return typeof databaseId === 'string' && databaseId !== '' ? databaseId : null;
  } catch {
    return null;
  }
}

/**
 * Cancels the active jobs of files about to be deleted (inside the deleting transaction): a running one
 * notices at its next step and writes nothing.
 */
export async function cancelJobsOfFiles(trx: Kysely<DB>, tenantId: string, fileIds: string[]): Promise<void> {
  if (fileIds.length === 0) return;
  await scoped(trx, tenantId)
    .updateTable('jobs')
    .set({ status: 'cancelled', updatedAt: isoNow() })
    .where('fileId', 'in', fileIds)
    .where('status', 'in', ACTIVE)
    .execute();
}

/**
 * Updates a job only while it still belongs to the run that claimed it: running, and not claimed again since
 * (`attempts` is the fencing token: a run that lost its job — to a cancel, or to another process after a
 * stall — writes nothing).
 */
const fence = (trx: Kysely<DB>, job: RunningJob) =>
  scoped(trx, job.tenantId)
    .updateTable('jobs')
    .where('id', '=', job.id)
    .where('status', '=', 'running')
    .where('attempts', '=', job.attempts);

/**
 * Running → done, inside the transaction that writes the job's result (`note`: what it skipped, say);
 * false: no longer this run's job (roll back).
 */
export async function markJobDone(trx: Kysely<DB>, job: RunningJob, note: string | null = null): Promise<boolean> {
  const now = isoNow();
  const result = await fence(trx, job)
    .set({ status: 'done', progress: 1, error: note, heartbeatAt: now, updatedAt: now })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Records how far a running job got (a small checkpoint, and its progress), inside the transaction that did
 * that much of the work, so a restart resumes from there; false: no longer this run's job (roll the work back).
 */
export async function saveJobProgress(
  trx: Kysely<DB>,
  job: RunningJob,
  checkpoint: object,
  progress: number,
): Promise<boolean> {
  const result = await fence(trx, job)
    .set({
      checkpoint: JSON.stringify(checkpoint),
      progress: Math.min(1, Math.max(0, progress)),
      heartbeatAt: isoNow(),
    })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Jobs: rows run by the worker (server/src/jobs). The task calls read and change them per
 * tenant; the worker finds queued and stale jobs across tenants (it serves them all), then works on each
 * through its tenant.
 * A job's file follows it: queued/parsing while the job is queued/running, done or failed after.
 */
export function jobsRepository(db: Database) {
  // A worker claims a job for every file parsed: these statements are built once (Kysely's building took
  // as long as SQLite's writing, per claimed job).
  const queuedJobs = prepare(db, () =>
    db.selectFrom('jobs').select('id').where('status', '=', 'queued').orderBy('createdAt').orderBy('id').limit(5),
  );
  const claimJob = prepare(db, (p: { id: string; now: string }) =>
    db
      .updateTable('jobs')
      .set((eb) => ({
        status: 'running',
        attempts: eb('attempts', '+', 1),
        heartbeatAt: p.now,
        parsingSince: null,
        updatedAt: p.now,
        error: null,
      }))
      .where('id', '=', p.id)
      .where('status', '=', 'queued')
      .returningAll(),
  );
  const fileParsing = prepare(db, (p: { tenantId: string; fileId: string; jobId: string; now: string }) =>
    scoped(db, p.tenantId)
      .updateTable('datasetFiles')
      .set({ status: 'parsing', updatedAt: p.now })
      .where('id', '=', p.fileId)
      .where('jobId', '=', p.jobId)
      .where('status', '=', 'queued'),
  );
  async function readable(trx: Kysely<DB>, reader: JobReader, id: string): Promise<Job> {
    let query = scoped(trx, reader.tenantId).selectFrom('jobs').selectAll().where('id', '=', id);
    if (!reader.admin) query = query.where('userId', '=', reader.userId);
    const row = await query.executeTakeFirst();
    if (!row) throw notFound('TASK_NOT_FOUND');
    return row;
  }

  return {
    async list(reader: JobReader, query: ListTasksQuery): Promise<Page<Job>> {
      let base = scoped(db, reader.tenantId).selectFrom('jobs');
      if (!reader.admin) base = base.where('userId', '=', reader.userId);
      if (query.status) base = base.where('status', '=', query.status);
      const [rows, count] = await Promise.all([
        base.selectAll().orderBy('createdAt', 'desc').orderBy('id').limit(query.limit).offset(query.offset).execute(),
        base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
      ]);
      return paged(rows, count.total);
    },

    async get(reader: JobReader, id: string): Promise<Job> {
      return readable(db, reader, id);
    },

    /**
     * Queued or running → cancelled (404 TASK_NOT_FOUND, 409 when it has ended). A running job stops at its
     * next step. Its file goes back to done when it still has segments (a cancelled re-index), else failed.
     */
    async cancel(reader: JobReader, id: string): Promise<Job> {
      return db.transaction().execute(async (trx) => {
        const job = await readable(trx, reader, id);
        const tenant = scoped(trx, reader.tenantId);
        const now = isoNow();
        const result = await tenant
          .updateTable('jobs')
          .set({ status: 'cancelled', updatedAt: now })
          .where('id', '=', id)
          .where('status', 'in', ACTIVE)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) throw new AppError(409, 'CONFLICT', 'TASK_NOT_CANCELLABLE');
        if (job.fileId) {
          const file = () =>
            tenant
              .updateTable('datasetFiles')
              .where('id', '=', job.fileId as string)
              .where('jobId', '=', id)
              .where('status', 'in', ['queued', 'parsing']);
          await file().where('segmentCount', '>', 0).set({ status: 'done', error: null, updatedAt: now }).execute();
          await file()
            .where('segmentCount', '=', 0)
            .set({ status: 'failed', error: storedReason('TASK_CANCELLED'), updatedAt: now })
            .execute();
        }
        return { ...job, status: 'cancelled', updatedAt: now };
      });
    },

    /**
     * Failed or cancelled → queued again (404 TASK_NOT_FOUND; 409 when it has not ended, or when its file
     * is busy with another job; 404 FILE_NOT_FOUND when its file was deleted). Its file becomes queued.
     */
    async retry(reader: JobReader, id: string): Promise<Job> {
      return db.transaction().execute(async (trx) => {
        const job = await readable(trx, reader, id);
        if (!ENDED.includes(job.status)) throw new AppError(409, 'CONFLICT', 'TASK_NOT_RETRYABLE');
        const tenant = scoped(trx, reader.tenantId);
        const now = isoNow();
        if (job.fileId) {
          const claimed = await tenant
            .updateTable('datasetFiles')
            .set({ status: 'queued', error: null, jobId: id, updatedAt: now })
            .where('id', '=', job.fileId)
            .where('status', 'in', ['done', 'failed'])
            .executeTakeFirst();
          if (Number(claimed.numUpdatedRows) === 0) {
            const file = await tenant
              .selectFrom('datasetFiles')
              .select('id')
              .where('id', '=', job.fileId)
              .executeTakeFirst();
            throw file ? new AppError(409, 'CONFLICT', 'FILE_BUSY') : notFound('FILE_NOT_FOUND');
          }
        }
        const result = await tenant
          .updateTable('jobs')
          .set({ status: 'queued', progress: 0, error: null, heartbeatAt: null, updatedAt: now })
          .where('id', '=', id)
          .where('status', 'in', ENDED)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) throw new AppError(409, 'CONFLICT', 'TASK_NOT_RETRYABLE');
        return { ...job, status: 'queued', progress: 0, error: null, heartbeatAt: null, updatedAt: now };
      });
    },

    // The worker's side.

    /** The payloads of a tenant's queued and running jobs of a type (what stored inputs they still need). */
    async activePayloads(tenantId: string, type: TaskType): Promise<string[]> {
      const rows = await scoped(db, tenantId)
        .selectFrom('jobs')
        .select('payload')
        .where('type', '=', type)
        .where('status', 'in', ACTIVE)
        .execute();
      return rows.map((row) => row.payload);
    },

    /** A job by id alone (the worker and tests waiting for one). */
    async byId(id: string): Promise<Job | undefined> {
      return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Takes the oldest queued job: queued → running with one more attempt, by a conditional update, so of
     * several processes polling the same table exactly one wins it. Its file becomes parsing.
     */
    async claimNext(): Promise<Job | undefined> {
      for (const { id } of await queuedJobs({})) {
        const now = isoNow();
        // Only one process's update finds the job still queued: the one that wins it gets its row back.
        const [job] = await claimJob({ id, now });
        if (!job) continue;
        if (job.fileId) await fileParsing({ tenantId: job.tenantId, fileId: job.fileId, jobId: id, now });
        return job;
      }
      return undefined;
    },

    /** Proves the run is alive and records its progress; false when the job is no longer this run's (cancelled, or taken back). */
    async beat(job: RunningJob, progress: number): Promise<boolean> {
      const now = isoNow();
      const result = await fence(db, job)
        .set({ heartbeatAt: now, progress: Math.min(1, Math.max(0, progress)) })
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Marks the run as parsing its file (or done parsing): should its process die meanwhile, the job is failed
     * with FILE_PARSE_CRASHED when taken back, not re-queued into the same crash. False: no longer this run's job.
     */
    async markParsing(job: RunningJob, parsing: boolean): Promise<boolean> {
      const result = await fence(db, job)
        .set({ parsingSince: parsing ? isoNow() : null })
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Running → failed with a reason, and its file failed with it (its segments, if any, stay as they were). */
    async markFailed(job: Job, reason: Reason, detail?: string): Promise<boolean> {
      const error = storedReason(reason, detail);
      return db.transaction().execute(async (trx) => {
        const now = isoNow();
        const result = await fence(trx, job).set({ status: 'failed', error, updatedAt: now }).executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        if (job.fileId) {
          await scoped(trx, job.tenantId)
            .updateTable('datasetFiles')
            .set({ status: 'failed', error, updatedAt: now })
            .where('id', '=', job.fileId)
            .where('jobId', '=', job.id)
            .execute();
        }
        return true;
      });
    },

    /**
     * Running → queued, the attempt given back: the process is shutting down (or the job must start over) and
     * another run will do it from the start. Its file becomes queued.
     */
    async requeue(job: Job, giveBackAttempt: boolean): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const now = isoNow();
        const result = await fence(trx, job)
          .set((eb) => ({
            status: 'queued',
            heartbeatAt: null,
            parsingSince: null,
            updatedAt: now,
            attempts: giveBackAttempt ? eb('attempts', '-', 1) : eb.ref('attempts'),
          }))
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        if (job.fileId) {
          await scoped(trx, job.tenantId)
            .updateTable('datasetFiles')
            .set({ status: 'queued', updatedAt: now })
            .where('id', '=', job.fileId)
            .where('jobId', '=', job.id)
            .execute();
        }
        return true;
      });
    },

    /**
     * Takes back running jobs whose process died (no heartbeat since `staleBefore`): re-queued, or failed
     * with JOB_INTERRUPTED once they have had MAX_ATTEMPTS attempts — or with FILE_PARSE_CRASHED when the
     * process died while parsing the job's file on a second attempt (a poison file: run again, it would kill
     * the next one).
     * Conditional on the heartbeat seen, so a job that beats meanwhile, or that another process takes back
     * first, is left alone; `runningHere` (the caller's own runs) are never taken. Returns how many.
     */
    async recoverStale(staleBefore: string, runningHere: string[] = []): Promise<number> {
      let query = db
        .selectFrom('jobs')
        .selectAll()
        .where('status', '=', 'running')
        .where((eb) => eb.or([eb('heartbeatAt', '<', staleBefore), eb('heartbeatAt', 'is', null)]));
      // This process's own jobs are alive, however late their heartbeat (a long synchronous parse).
      if (runningHere.length > 0) query = query.where('id', 'not in', runningHere);
      const stale = await query.execute();
      let recovered = 0;
      for (const job of stale) {
        // Died in the middle of reading its file on a retry too: the file is the likely cause. The first time,
        // the server may have died for reasons of its own (a deploy, memory used elsewhere): one more try.
        const poisoned = job.parsingSince !== null && job.attempts >= POISON_AFTER_ATTEMPTS;
        const give = poisoned || job.attempts >= MAX_ATTEMPTS;
        const error = give ? storedReason(poisoned ? 'FILE_PARSE_CRASHED' : 'JOB_INTERRUPTED') : null;
        const done = await db.transaction().execute(async (trx) => {
          const now = isoNow();
          let update = fence(trx, job).set({
            status: give ? 'failed' : 'queued',
            error,
            heartbeatAt: null,
            updatedAt: now,
          });
          update =
            job.heartbeatAt === null
              ? update.where('heartbeatAt', 'is', null)
              : update.where('heartbeatAt', '=', job.heartbeatAt);
          const result = await update.executeTakeFirst();
          if (Number(result.numUpdatedRows) === 0) return false;
          if (job.fileId) {
            await scoped(trx, job.tenantId)
              .updateTable('datasetFiles')
              .set({ status: give ? 'failed' : 'queued', ...(give ? { error } : {}), updatedAt: now })
              .where('id', '=', job.fileId)
              .where('jobId', '=', job.id)
              .execute();
          }
          return true;
        });
        if (done) recovered++;
      }
      return recovered;
    },
  };
}

export type JobsRepository = ReturnType<typeof jobsRepository>;
