import type { FastifyInstance, FastifyRequest } from 'fastify';
import { USER_IMPORT_LIMITS } from '@flotilla/shared/contracts';
import { invalidInput } from '../../lib/app-error';
import { safeFileName } from '../../lib/upload-content';
import { detectFileType } from '../../knowledge/file-types';
import { queueJobWithUpload, sweepJobUploads, type JobUploads } from '../../jobs/job-uploads';
import type { Job } from '../../plugins/app/jobs/jobs-repository';
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

/** Where a users import's upload waits until its task ends. */
const USER_UPLOADS: JobUploads = { folder: 'user-imports', type: 'importUsers' };

/** Stores the upload and queues the importUsers job that reads it (the file stays until the task ends). */
export function queueUsersImport(
  fastify: FastifyInstance,
  owner: { tenantId: string; userId: string },
  file: UsersFile,
): Promise<Job> {
  const payload = (storageKey: string): UsersImportPayload => ({ type: file.type, storageKey });
  return queueJobWithUpload({ db: fastify.db, files: new UploadFiles(fastify.config.dataDir) }, USER_UPLOADS, {
    tenantId: owner.tenantId,
    userId: owner.userId,
    title: file.name,
    bytes: file.bytes,
    payload,
  });
}

/** Removes stored users uploads no queued or running import needs; returns how many. */
export const sweepUsersUploads = (repos: Repositories, files: UploadFiles, now = Date.now()) =>
  sweepJobUploads(repos, files, USER_UPLOADS, now);
