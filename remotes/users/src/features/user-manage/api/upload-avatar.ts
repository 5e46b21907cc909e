import { request, UploadRobotIcon } from '@flotilla/shared';

/** Stores an avatar image the way robot icons are stored (png, jpeg, webp or gif, ≤ 1 MB); answers its URL. */
export async function uploadAvatar(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file, file.name);
  return (await request(UploadRobotIcon, { body, inline: true })).url;
}
