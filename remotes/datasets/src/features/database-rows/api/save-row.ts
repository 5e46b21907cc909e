import {
  CreateDatabaseRow,
  request,
  UpdateDatabaseRow,
  type DatabaseRow,
  type DatabaseRowBody,
} from '@flotilla/shared';

/** Adds a row to a built-in table, or changes one (`rowId`); refusals are shown in the row form. */
export function saveRow(id: string, table: string, rowId: number | null, body: DatabaseRowBody): Promise<DatabaseRow> {
  return rowId === null
    ? request(CreateDatabaseRow, { params: { id, table }, body, inline: true })
    : request(UpdateDatabaseRow, { params: { id, table, rowId }, body, inline: true });
}
