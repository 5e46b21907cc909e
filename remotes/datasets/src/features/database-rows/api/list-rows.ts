import { ListDatabaseRows, request, type DatabaseRowsQuery, type DatabaseRowsResponse } from '@flotilla/shared';

/** One page of a table's rows. */
export function listRows(id: string, table: string, query: DatabaseRowsQuery): Promise<DatabaseRowsResponse> {
  return request(ListDatabaseRows, { params: { id, table }, query });
}
