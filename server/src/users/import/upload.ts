import { randomUUID } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { USER_IMPORT_LIMITS } from '@flotilla/shared/contracts';
import { invalidInput } from '../../lib/app-error';
import { safeFileName } from '../../lib/upload-content';
import { detectFileType } from '../../knowledge/file-types';
import { insertJob, type Job } from '../../plugins/app/jobs/jobs-repository';
import type { Repositories } from '../../plugins/app/repositories';
import { fileMissing, readMultipart } from '../../plugins/app/uploads/multipart';
import { UploadFiles } from '../../plugins/app/uploads/upload-files';

/** A users spreadsheet as uploaded: its bytes, safe name and type (by content). */
export type UsersFile = { bytes: Buffer; name: string; type: 'csv' | 'xlsx' };

/** What an importUsers job keeps: the stored upload and its type (the job reads and checks it again). */
export type UsersImportPayload = { type: 'csv' | 'xlsx'; storageKey: string };

/** The multipart `file` of a preview or an import: at most USER_IMPORT_LIMITS.bytes, csv or xlsx by content. */
export async function readUsersFile(request: FastifyRequest): Promise<UsersFile> {
  const maxBytes = USER_IMPORT_LIMITS.bytes;
  const body = await readMultipart(request, maxBytes);
  const file = body.file;
  if (!file) throw fileMissing();
  if (file.truncated || file.bytes.length > maxBytes) throw invalidInput(['body', 'file'], 'UPLOAD_TOO_LARGE');
  const name = safeFileName(file.name, 'users');
  const detected = await detectFileType(file.bytes, name);
  if (!detected || (detected.type !== 'csv' && detected.type !== 'xlsx'))
    throw invalidInput(['body', 'file'], 'UNSUPPORTED_FILE_TYPE');
  if (detected.problem) throw invalidInput(['body', 'file'], 'VALIDATION_FAILED', detected.problem);
  return { bytes: file.bytes, name, type: detected.type };
}

/** The stored upload of a users import, until its task ends. */
const uploadKeyOf = (tenantId: string, id: string) => `user-imports/${tenantId}/${id}`;

/** Stores the upload and queues the importUsers job that reads it (the file stays until the task ends). */
export async function queueUsersImport(
  fastify: FastifyInstance,
  owner: { tenantId: string; userId: string },
  file: UsersFile,
): Promise<Job> {
  const files = new UploadFiles(fastify.config.dataDir);
  const storageKey = uploadKeyOf(owner.tenantId, randomUUID());
  await files.write(storageKey, file.bytes);
  const payload: UsersImportPayload = { type: file.type, storageKey };
  try {
    return await fastify.db.transaction().execute((trx) =>
      insertJob(trx, owner.tenantId, {
        userId: owner.userId,
        type: 'importUsers',
        title: file.name,
        datasetId: null,
        fileId: null,
        payload,
      }),
    );
  } catch (error) {
    await files.remove(storageKey);
    throw error;
  }
}

/** A stored upload younger than this may belong to a job being queued right now (its row not written yet). */
const SWEEP_AFTER_MS = 10 * 60_000;

/**
 * Removes stored users uploads no queued or running import needs (those of imports cancelled before they
 * ran; a run removes its own). Runs when the worker starts and after each users import. Returns how many.
 */
export async function sweepUsersUploads(repos: Repositories, files: UploadFiles, now = Date.now()): Promise<number> {
  const tenants = await readdir(files.pathOf('user-imports/.')).catch(() => [] as string[]);
  let removed = 0;
  for (const tenantId of tenants) {
    const needed = new Set(
      (await repos.jobs.activePayloads(tenantId, 'importUsers')).map(
        (payload) => (JSON.parse(payload) as Partial<UsersImportPayload>).storageKey,
      ),
    );
    for (const name of await readdir(files.pathOf(`user-imports/${tenantId}/.`)).catch(() => [] as string[])) {
      const key = uploadKeyOf(tenantId, name);
      if (needed.has(key) || name.startsWith('.')) continue;
      const info = await stat(files.pathOf(key)).catch(() => undefined);
      if (!info?.isFile() || now - info.mtimeMs < SWEEP_AFTER_MS) continue;
      await files.remove(key);
      removed++;
    }
  }
  return removed;
}
