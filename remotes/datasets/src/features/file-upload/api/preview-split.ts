import { http, type SplitPreviewResponse } from '@flotilla/shared';
import type { UploadFields } from './upload-file';

/**
 * `POST /v1/datasets/{id}/files/preview` (the upload's form, nothing stored): the first segments the
 * settings give and how many the whole file gives. Silent: the preview shows its own error as the user types.
 */
export function previewSplit({ datasetId, file, fields }: { datasetId: string; file: File; fields: Omit<UploadFields, 'catalogueId'> }): Promise<SplitPreviewResponse> {
  const form = new FormData();
  form.append('chunkSize', String(fields.chunkSize));
  form.append('overlap', String(fields.overlap));
  form.append('separators', JSON.stringify(fields.separators));
  form.append('file', file, file.name);
  return http.post<SplitPreviewResponse>(`/v1/datasets/${encodeURIComponent(datasetId)}/files/preview`, { form, silent: true });
}
