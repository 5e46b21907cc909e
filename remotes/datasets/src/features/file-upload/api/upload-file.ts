import { UploadDatasetFile, type DatasetFile } from '@flotilla/shared';
import { uploadWithProgress } from '../../../lib/upload-with-progress';

/** The auth and language the upload sends, read from the shared bus by the model. */
export type UploadAuth = { token: string | null; locale: string };
/** What a document is split with, and where it goes (the upload's form fields). */
export type UploadFields = { catalogueId: string | null; chunkSize: number; overlap: number; separators: string[] };

/**
 * Uploads a document to the dataset (a form: file, catalogueId?, chunkSize?, overlap?, separators? as a
 * JSON array) with upload progress → the file row with the job that parses it; 422 with the reason when refused.
 */
export function uploadDatasetFile({
  datasetId,
  file,
  fields,
  auth,
  onProgress,
}: {
  datasetId: string;
  file: File;
  fields: UploadFields;
  auth: UploadAuth;
  onProgress: (fraction: number) => void;
}): Promise<DatasetFile> {
  // The fields go before the file: a streaming parser sees them before it reaches the bytes.
  const form = new FormData();
  if (fields.catalogueId) form.append('catalogueId', fields.catalogueId);
  form.append('chunkSize', String(fields.chunkSize));
  form.append('overlap', String(fields.overlap));
  form.append('separators', JSON.stringify(fields.separators));
  form.append('file', file, file.name);
  return uploadWithProgress(UploadDatasetFile, { params: { id: datasetId }, form, ...auth, onProgress });
}
