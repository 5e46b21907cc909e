import { request, UploadAttachment, type UploadResponse } from '@flotilla/shared';
import type { ChatTarget } from '../../chat/chat-target';

/** Uploads a file the chatter attaches to a question (a visitor names the share and themselves, staff the robot). */
export function uploadFile(target: ChatTarget, file: File): Promise<UploadResponse> {
  const form = new FormData();
  if (target.kind === 'visitor') {
    form.append('shareId', target.shareId);
    form.append('visitorId', target.userId);
  } else {
    form.append('processId', target.processId);
  }
  form.append('file', file, file.name);
  return request(UploadAttachment, { body: form, inline: true });
}
