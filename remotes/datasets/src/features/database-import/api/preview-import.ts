import { PreviewTableImport, request, type ImportPreviewResponse } from '@flotilla/shared';

/** The sheet's columns with their inferred types, its first rows and its row count; nothing is stored. */
export function previewImport(id: string, file: File): Promise<ImportPreviewResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  return request(PreviewTableImport, { params: { id }, body: form, inline: true });
}
