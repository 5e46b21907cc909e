import { ListDatabaseTables, request, type DatabaseTableList } from '@flotilla/shared';

/** The database's tables with their columns, keys and descriptions. */
export function listTables(id: string): Promise<DatabaseTableList> {
  return request(ListDatabaseTables, { params: { id } });
}
