import { ListDatabaseQueries, request, type DatabaseQueriesQuery, type DatabaseQueryLogList } from '@flotilla/shared';

/** One page of the queries robots ran (or were refused) on the database, newest first. */
export function listQueries(id: string, query: DatabaseQueriesQuery): Promise<DatabaseQueryLogList> {
  return request(ListDatabaseQueries, { params: { id }, query });
}
