import { ImportUsers, request, type ImportUsersResponse } from '@flotilla/shared';

/** Queues the task that creates every user of the sheet, or none (422 lists the rows that cannot be imported). */
export function importUsers(file: File): Promise<ImportUsersResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  return request(ImportUsers, { body: form, inline: true });
}
