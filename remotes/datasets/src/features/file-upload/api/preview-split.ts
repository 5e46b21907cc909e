import { PreviewSplit, request, type SplitPreviewResponse } from '@flotilla/shared';
import type { UploadFields } from './upload-file';

/**
 * The first segments the settings give for the file and how many the whole file gives; nothing is
 * stored. Silent: the preview shows its own error as the user types.
 */
export function previewSplit({
  datasetId,
  file,
  fields,
}: {
  datasetId: string;
  file: File;
  fields: Omit<UploadFields, 'catalogueId'>;
}): Promise<SplitPreviewResponse> {
  const form = new FormData();
  form.append('chunkSize', String(fields.chunkSize));
  form.append('overlap', String(fields.overlap));
  form.append('separators', JSON.stringify(fields.separators));
  form.append('file', file, file.name);
  return request(PreviewSplit, { params: { id: datasetId }, body: form, silent: true });
}
