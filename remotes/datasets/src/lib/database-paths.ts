/** Where the database list lives. */
export const DATABASE_LIST_PATH = '/database';

/** The tabs of a database's detail page, named in its `?tab=` query. */
export const DATABASE_TABS = ['tables', 'rows', 'import', 'queries'] as const;
export type DatabaseTab = (typeof DATABASE_TABS)[number];

/** The detail page of one database, on one of its tabs. */
export function databaseDetailPath(id: string, tab: DatabaseTab = 'tables'): string {
  const path = `/database/${encodeURIComponent(id)}/detail`;
  return tab === 'tables' ? path : `${path}?tab=${tab}`;
}
