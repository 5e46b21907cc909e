import { request, UpdateDatabase, type Database, type UpdateDatabaseBody } from '@flotilla/shared';

/** Changes the fields given of a database; refusals are shown in the form. */
export function updateDatabase(id: string, body: UpdateDatabaseBody): Promise<Database> {
  return request(UpdateDatabase, { params: { id }, body, inline: true });
}
