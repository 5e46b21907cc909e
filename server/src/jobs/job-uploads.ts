import { randomUUID } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import type { TaskType } from '@flotilla/shared/contracts';
import type { Database } from '../db/database';
import { insertJob, type Job } from '../plugins/app/jobs/jobs-repository';
import type { Repositories } from '../plugins/app/repositories';
import type { UploadFiles } from '../plugins/app/uploads/upload-files';

/**
 * Uploads a background job reads when it runs (a table import, a users import): stored under
 * `<folder>/<tenant>/<id>` and named by `storageKey` in the job's payload, until the task ends.
 */
export type JobUploads = { folder: 'table-imports' | 'user-imports'; type: TaskType };

const keyOf = (uploads: JobUploads, tenantId: string, id: string) => `${uploads.folder}/${tenantId}/${id}`;

/** Stores the upload and queues the job that reads it; the upload goes again when the job cannot be queued. */
export async function queueJobWithUpload(
  deps: { db: Database; files: UploadFiles },
  uploads: JobUploads,
  job: { tenantId: string; userId: string; title: string; bytes: Uint8Array; payload: (storageKey: string) => object },
): Promise<Job> {
  const storageKey = keyOf(uploads, job.tenantId, randomUUID());
  await deps.files.write(storageKey, job.bytes);
  try {
    return await deps.db.transaction().execute((trx) =>
      insertJob(trx, job.tenantId, {
        userId: job.userId,
        type: uploads.type,
        title: job.title,
        datasetId: null,
        fileId: null,
        payload: job.payload(storageKey),
      }),
    );
  } catch (error) {
    await deps.files.remove(storageKey);
    throw error;
  }
}

/** A stored upload younger than this may belong to a job being queued right now (its row not written yet). */
const SWEEP_AFTER_MS = 10 * 60_000;

/**
 * Removes stored uploads no queued or running job of their type needs: those of jobs cancelled before they
 * ran (a run removes its own). Runs when the worker starts and after each such job. Returns how many.
 */
export async function sweepJobUploads(
  repos: Repositories,
  files: UploadFiles,
  uploads: JobUploads,
  now = Date.now(),
): Promise<number> {
  const tenants = await readdir(files.pathOf(`${uploads.folder}/.`)).catch(() => [] as string[]);
  let removed = 0;
  for (const tenantId of tenants) {
    const needed = new Set(
      (await repos.jobs.activePayloads(tenantId, uploads.type)).map(
        (payload) => (JSON.parse(payload) as { storageKey?: string }).storageKey,
      ),
    );
    for (const name of await readdir(files.pathOf(`${uploads.folder}/${tenantId}/.`)).catch(() => [] as string[])) {
      const key = keyOf(uploads, tenantId, name);
      if (needed.has(key) || name.startsWith('.')) continue;
      const info = await stat(files.pathOf(key)).catch(() => undefined);
      if (!info?.isFile() || now - info.mtimeMs < SWEEP_AFTER_MS) continue;
      await files.remove(key);
      removed++;
    }
  }
  return removed;
}
