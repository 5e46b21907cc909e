import { ImportTable, type ImportColumn, type ImportTableResponse } from '@flotilla/shared';
import { uploadWithProgress } from '../../../lib/upload-with-progress';

/** The auth and language the upload sends, read from the shared bus by the model. */
export type ImportAuth = { token: string | null; locale: string };

/**
 * Creates or replaces a built-in table from the sheet, with upload progress: every row or none (422 with
 * the rows that do not fit); a large sheet answers a background task's id.
 */
export function importTable({
  databaseId,
  file,
  table,
  columns,
  auth,
  onProgress,
}: {
  databaseId: string;
  file: File;
  table: string;
  columns: ImportColumn[];
  auth: ImportAuth;
  onProgress: (fraction: number) => void;
}): Promise<ImportTableResponse> {
  // The fields go before the file: a streaming parser sees them before it reaches the bytes.
  const form = new FormData();
  form.append('table', table);
  form.append('columns', JSON.stringify(columns));
  form.append('file', file, file.name);
  return uploadWithProgress(ImportTable, { params: { id: databaseId }, form, ...auth, onProgress });
}
