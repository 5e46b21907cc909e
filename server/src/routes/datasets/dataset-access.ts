import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Dataset } from '@flotilla/shared/contracts';
import { found } from '../../lib/app-error';
import { UploadFiles } from '../../plugins/app/uploads/upload-files';

/** The tenant's dataset named in the path, or 404 DATASET_NOT_FOUND (another tenant's too). */
export async function requireDataset(fastify: FastifyInstance, request: FastifyRequest, id: string): Promise<Dataset> {
  return found(await fastify.repos.datasets.get(request.auth.tenantId, id), 'DATASET_NOT_FOUND');
}

/** Where a dataset file's original is kept, under the data directory's `files/` (as uploads are). */
export const originalKey = (tenantId: string, fileId: string) => `datasets/${tenantId}/${fileId}`;

/** The originals of dataset files on disk (written atomically, like uploads). */
export function originals(fastify: FastifyInstance): UploadFiles {
  return new UploadFiles(fastify.config.dataDir);
}

/** Removes the originals of deleted files, once their rows are gone (a failure only leaves a stray file, logged). */
export async function removeOriginals(fastify: FastifyInstance, keys: string[]): Promise<void> {
  const files = originals(fastify);
  for (const key of keys) {
    await files
      .remove(key)
      .catch((error: unknown) => fastify.log.warn({ err: error, key }, 'datasets: could not remove a deleted file'));
  }
}
