import { CreateDatabase, request, type CreateDatabaseBody, type Database } from '@flotilla/shared';

/** Adds a database; refusals (422, 409) are shown in the form. */
export function createDatabase(body: CreateDatabaseBody): Promise<Database> {
  return request(CreateDatabase, { body, inline: true });
}
