import { ImportQaPairs, type DatasetFile } from '@flotilla/shared';
import { uploadWithProgress } from '../../../lib/upload-with-progress';
import type { UploadAuth } from './upload-file';

/**
 * Imports QA pairs from a csv or xlsx sheet with question and answer columns, with upload progress →
 * the import's file row (type `qa`), whose job reads the sheet.
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
}): Promise<DatasetFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress(ImportQaPairs, { params: { id: datasetId }, form, ...auth, onProgress });
}
