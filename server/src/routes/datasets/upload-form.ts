import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CHUNK_LIMITS,
  UploadDatasetFileFieldsSchema,
  type ChunkSettings,
  type Dataset,
} from '@flotilla/shared/contracts';
import { AppError, invalidInput, notFound } from '../../lib/app-error';
import { detectFileType, type Detected } from '../../knowledge/file-types';
import type { MessageKey } from '../../lib/messages';
import { safeFileName } from '../../lib/upload-content';
import { fileMissing, readMultipart, validFields } from '../../plugins/app/uploads/multipart';

/** A dataset file form as read and checked: its bytes, safe name, type by content, and chunk settings. */
export type DatasetUpload = {
  bytes: Buffer;
  name: string;
  detected: Detected;
  settings: ChunkSettings;
  catalogueId: string | null;
};

/** The `separators` field: a JSON array of 1–10 strings of 1–10 characters; 422 otherwise. */
function parseSeparators(raw: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  const valid =
    Array.isArray(parsed) &&
    parsed.length <= CHUNK_LIMITS.separators &&
    parsed.every((s) => typeof s === 'string' && s.length >= 1 && s.length <= 10);
  if (!valid) throw invalidInput(['body', 'separators'], 'VALIDATION_FAILED', 'SEPARATORS_INVALID');
  return parsed as string[];
}

/**
 * Reads the multipart form of `POST /v1/datasets/{id}/files`, `…/files/preview` and `…/qa/import`: `file`
 * (at most FLOTILLA_MAX_FILE_MB: 422 UPLOAD_TOO_LARGE; neither its content nor its name a supported type:
 * 422 UNSUPPORTED_FILE_TYPE), `catalogueId?` (404 CATALOGUE_NOT_FOUND outside the dataset), and chunk
 * settings that default to the dataset's. A file whose name is supported but whose content is not (empty,
 * protected, damaged, renamed) passes: its job fails with the reason.
 */
export async function readDatasetUpload(
  fastify: FastifyInstance,
  request: FastifyRequest,
  dataset: Dataset,
): Promise<DatasetUpload> {
  const maxBytes = fastify.config.maxFileBytes;
  const body = await readMultipart(request, maxBytes, { fieldSize: 2048 });
  const fields = validFields(request, UploadDatasetFileFieldsSchema, body.fields);
  const separators =
    fields.separators !== undefined && fields.separators.trim() !== ''
      ? parseSeparators(fields.separators)
      : dataset.separators;
  const settings = {
    chunkSize: fields.chunkSize ?? dataset.chunkSize,
    overlap: fields.overlap ?? dataset.overlap,
    separators,
  };
  const file = body.file;
  if (!file) throw fileMissing();
  if (file.truncated || file.bytes.length > maxBytes) throw invalidInput(['body', 'file'], 'UPLOAD_TOO_LARGE');
  const name = safeFileName(file.name, 'file');
  const detected = await detectFileType(file.bytes, name);
  if (!detected) throw invalidInput(['body', 'file'], 'UNSUPPORTED_FILE_TYPE');
  const catalogueId = fields.catalogueId ?? null;
  if (catalogueId !== null && !(await fastify.repos.catalogues.exists(request.auth.tenantId, dataset.id, catalogueId)))
    throw notFound('CATALOGUE_NOT_FOUND');
  return { bytes: file.bytes, name, detected, settings, catalogueId };
}

/** A problem found in a file, as a 422 on `file` (for calls that parse it while the caller waits). */
export const fileProblem = (reason: MessageKey): AppError =>
  invalidInput(['body', 'file'], 'VALIDATION_FAILED', reason);
