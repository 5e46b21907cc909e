import { request, UploadCaseFile, type CaseFile } from '@flotilla/shared';

/** Uploads a question set or conversation log; a refused file answers 422 (the page shows why). */
export function uploadCaseFile(file: File): Promise<CaseFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  return request(UploadCaseFile, { body: form, inline: true });
}
