import { http, type UploadResponse } from '@flotilla/shared';
import type { ChatTarget } from '../../chat/chat-target';

/** `POST /v2/upload/file` (multipart `file`, plus `shareId` + `visitorId` for a visitor, `processId` for staff). */
export function uploadFile(target: ChatTarget, file: File): Promise<UploadResponse> {
  const form = new FormData();
  if (target.kind === 'visitor') {
    form.append('shareId', target.shareId);
    form.append('visitorId', target.userId);
  } else {
    form.append('processId', target.processId);
  }
  form.append('file', file, file.name);
  return http.post<UploadResponse>('/v2/upload/file', { form, inline: true });
}
