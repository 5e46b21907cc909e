import { request, UpdateDatabaseTable, type DatabaseTable, type UpdateDatabaseTableBody } from '@flotilla/shared';

/** Saves a table's description and its columns' keys and descriptions. */
export function updateTable(id: string, table: string, body: UpdateDatabaseTableBody): Promise<DatabaseTable> {
  return request(UpdateDatabaseTable, { params: { id, table }, body, inline: true });
}
