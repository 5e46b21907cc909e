import { uploadWithProgress } from '../../../lib/upload-with-progress';
import type { UploadAuth } from './upload-file';

/**
 * `POST /v1/datasets/{id}/qa/import` (multipart: file, a csv or xlsx sheet with question and answer
 * columns) with upload progress. The answer is the import's file row (type `qa`) when the server gives one.
 */
export function importQaPairs({
  datasetId,
  file,
  auth,
  onProgress,
}: {
  datasetId: string;
  file: File;
  auth: UploadAuth;
  onProgress: (fraction: number) => void;
}): Promise<unknown> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress<unknown>({ path: `/v1/datasets/${encodeURIComponent(datasetId)}/qa/import`, form, ...auth, onProgress });
}
