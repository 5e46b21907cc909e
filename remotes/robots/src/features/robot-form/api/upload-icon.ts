import { http, type IconUploadResponse } from '@flotilla/shared';

/** `POST /v2/processes/icon` (multipart `file`): stores a robot icon and answers its URL; 422 with the reason when refused. */
export function uploadIcon(file: File): Promise<IconUploadResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.post<IconUploadResponse>('/v2/processes/icon', { form, inline: true });
}
