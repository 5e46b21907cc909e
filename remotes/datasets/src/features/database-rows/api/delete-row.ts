import { DeleteDatabaseRow, request, type Ok } from '@flotilla/shared';

/** Removes a row of a built-in table. */
export function deleteRow(id: string, table: string, rowId: number): Promise<Ok> {
  return request(DeleteDatabaseRow, { params: { id, table, rowId } });
}
