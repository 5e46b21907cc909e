import { attach, createEvent, createStore, sample } from 'effector';
import {
  createPagedList,
  ROW_ID_FIELD,
  toFailure,
  type Cell,
  type DatabaseRow,
  type Failure,
  type ListQuery,
} from '@flotilla/shared';
import { deleteRow } from './api/delete-row';
import { listRows } from './api/list-rows';
import { saveRow } from './api/save-row';

export const ROWS_PAGE_SIZE = 20;

/** The page of rows on screen: which database and table, and the page. */
export type RowsQuery = ListQuery & { databaseId?: string; table?: string };
/** A table of a database. */
export type RowsTarget = { databaseId: string; table: string };
/** The row form open: a new row, or a saved one. */
export type RowDialog = { mode: 'create' } | { mode: 'edit'; row: DatabaseRow; rowId: number };

/** The rowid a built-in table's row carries (`null` for rows of external tables). */
export function rowIdOf(row: DatabaseRow): number | null {
  const id = row[ROW_ID_FIELD];
  return typeof id === 'number' ? id : null;
}

/** A preview of one table's rows, paged on the server. */
export const rowList = createPagedList<RowsQuery, DatabaseRow>({
  fetchPage: ({ databaseId, table, offset, limit }) =>
    databaseId && table ? listRows(databaseId, table, { offset, limit }) : Promise.resolve({ list: [], total: 0 }),
  itemKey: (row) => String(rowIdOf(row)),
  pageSize: ROWS_PAGE_SIZE,
});

/** The Rows tab shows a table (the tab opened, or another table chosen). */
export const rowsShown = createEvent<RowsTarget>();
/** The user asked for the form of a new row. */
export const rowCreateClicked = createEvent();
/** The user asked for the form of a row. */
export const rowEditClicked = createEvent<DatabaseRow>();
/** The user closed the row form. */
export const rowFormClosed = createEvent();
/** The user saved the row form: column → value. */
export const rowFormSubmitted = createEvent<Record<string, Cell>>();
/** The user confirmed deleting a row. */
export const rowDeleteConfirmed = createEvent<DatabaseRow>();

export const $rowDialog = createStore<RowDialog | null>(null, { skipVoid: false })
  .on(rowCreateClicked, () => ({ mode: 'create' }))
  .on(rowEditClicked, (_, row) => {
    const rowId = rowIdOf(row);
    return rowId === null ? null : { mode: 'edit', row, rowId };
  })
  .reset(rowFormClosed, rowsShown);

export const saveRowFx = attach({
  source: { query: rowList.$query, dialog: $rowDialog },
  effect: ({ query, dialog }, values: Record<string, Cell>) =>
    saveRow(query.databaseId ?? '', query.table ?? '', dialog?.mode === 'edit' ? dialog.rowId : null, { values }),
});
export const deleteRowFx = attach({
  source: rowList.$query,
  effect: (query, row: DatabaseRow) => deleteRow(query.databaseId ?? '', query.table ?? '', rowIdOf(row) ?? 0),
});

export const $savingRow = saveRowFx.pending;
export const $rowSaveFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on(saveRowFx.failData, (_, error) => toFailure(error))
  .reset(rowFormSubmitted, rowCreateClicked, rowEditClicked, rowFormClosed);
/** Rows whose deletion is on its way. */
export const $deletingRows = createStore<number[]>([])
  .on(deleteRowFx, (ids, row) => [...ids, rowIdOf(row) ?? 0])
  .on(deleteRowFx.finally, (ids, { params }) => ids.filter((id) => id !== rowIdOf(params)));

// Another table: its first page; the same one again: the page on screen, fresh.
sample({
  clock: rowsShown,
  source: rowList.$query,
  filter: (query, { databaseId, table }) => query.databaseId !== databaseId || query.table !== table,
  fn: (_, target) => target,
  target: rowList.filtersChanged,
});
sample({
  clock: rowsShown,
  source: rowList.$query,
  filter: (query, { databaseId, table }) => query.databaseId === databaseId && query.table === table,
  fn: () => undefined,
  target: rowList.pageOpened,
});

sample({
  clock: rowFormSubmitted,
  source: { dialog: $rowDialog, saving: $savingRow },
  filter: ({ dialog, saving }) => dialog !== null && !saving,
  fn: (_, values) => values,
  target: saveRowFx,
});
sample({ clock: saveRowFx.done, fn: () => null, target: $rowDialog });
sample({ clock: saveRowFx.done, target: rowList.reloadRequested });
sample({
  clock: rowDeleteConfirmed,
  source: $deletingRows,
  filter: (ids, row) => rowIdOf(row) !== null && !ids.includes(rowIdOf(row) ?? 0),
  fn: (_, row) => row,
  target: deleteRowFx,
});
sample({ clock: deleteRowFx.done, target: rowList.reloadRequested });
