import { ExportUsers, request, type ExportUsersBody } from '@flotilla/shared';

/** The users matching the list's filters as an xlsx file. */
export function exportUsers(body: ExportUsersBody): Promise<Blob> {
  return request(ExportUsers, { body });
}
