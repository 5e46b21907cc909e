import { createEvent, sample } from 'effector';
import { createPagedList, type DatabaseQueryLog, type ListQuery } from '@flotilla/shared';
import { listQueries } from './api/list-queries';

export const QUERIES_PAGE_SIZE = 20;

/** The page of the query log on screen: the database, only refused or only run queries, and the page. */
export type QueryLogQuery = ListQuery & { databaseId?: string; refused?: boolean };

/** The queries robots ran on a database, newest first, paged on the server. */
export const queryLog = createPagedList<QueryLogQuery, DatabaseQueryLog>({
  fetchPage: ({ databaseId, refused, offset, limit }) =>
    databaseId
      ? listQueries(databaseId, { offset, limit, ...(refused === undefined ? {} : { refused }) })
      : Promise.resolve({ list: [], total: 0 }),
  itemKey: (entry) => entry.id,
  pageSize: QUERIES_PAGE_SIZE,
});

/** The Query log tab was opened for a database. */
export const queryLogShown = createEvent<string>();
/** The user chose which queries to see: all (`null`), only refused (true) or only run (false). */
export const queryLogFilterChanged = queryLog.filtersChanged;

// Another database: its first page; the same one again: the page on screen, fresh.
sample({
  clock: queryLogShown,
  source: queryLog.$query,
  filter: (query, id) => query.databaseId !== id,
  fn: (_, databaseId) => ({ databaseId, refused: null }),
  target: queryLog.filtersChanged,
});
sample({
  clock: queryLogShown,
  source: queryLog.$query,
  filter: (query, id) => query.databaseId === id,
  fn: () => undefined,
  target: queryLog.pageOpened,
});
