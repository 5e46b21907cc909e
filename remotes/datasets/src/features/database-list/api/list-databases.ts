import { ListDatabases, request, type DatabaseListResponse, type ListDatabasesQuery } from '@flotilla/shared';

/** One page of the tenant's databases, filtered by keyword on the server. */
export function listDatabases(query: ListDatabasesQuery): Promise<DatabaseListResponse> {
  return request(ListDatabases, { query });
}
