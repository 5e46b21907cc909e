import { request, UploadRobotIcon, type IconUploadResponse } from '@flotilla/shared';

/** Stores a robot icon (multipart `file`) and answers its URL; 422 with the reason when refused. */
export function uploadIcon(file: File): Promise<IconUploadResponse> {
  const body = new FormData();
  body.append('file', file, file.name);
  return request(UploadRobotIcon, { body, inline: true });
}
