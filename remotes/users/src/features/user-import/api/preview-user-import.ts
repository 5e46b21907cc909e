import { PreviewUserImport, request, type UserImportPreviewResponse } from '@flotilla/shared';

/** Every user row of the sheet with its errors; nothing is stored. A refused file shows in the dialog (inline). */
export function previewUserImport(file: File): Promise<UserImportPreviewResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  return request(PreviewUserImport, { body: form, inline: true });
}
