import { attach, createEffect, createEvent, createStore, sample } from 'effector';
import { toFailure, type DatabaseTable, type Failure, type UpdateDatabaseTableBody } from '@flotilla/shared';
import { showSuccessFx } from '@flotilla/shared/ui';
import { listTables } from './api/list-tables';
import { updateTable } from './api/update-table';

/** Where the table list stands. */
export type TablesStatus = 'loading' | 'ready' | 'error';

/** A tab showing the tables of this database was opened (tables, rows): they load again. */
export const tablesShown = createEvent<string>();
/** The user asked for the tables again after a failure. */
export const tablesRetryClicked = createEvent();
/** The user picked a table to describe or to browse. */
export const tableSelected = createEvent<string>();
/** The user saved a table's description, keys and column descriptions. */
export const tableSaveSubmitted = createEvent<{ table: string; body: UpdateDatabaseTableBody }>();
/** Something changed the database's tables (an import): they load again. */
export const tablesChanged = createEvent();

export const loadTablesFx = createEffect(listTables);

/** The database whose tables are on screen. */
export const $tablesDatabaseId = createStore<string | null>(null, { skipVoid: false });
export const $tables = createStore<DatabaseTable[]>([]);
export const $tablesStatus = createStore<TablesStatus>('loading');
export const $tablesFailure = createStore<Failure | null>(null, { skipVoid: false });
/** The table chosen by the user; `null` until one is (the page then shows the first). */
export const $selectedTable = createStore<string | null>(null, { skipVoid: false }).on(
  tableSelected,
  (_, name) => name,
);

export const saveTableFx = attach({
  source: $tablesDatabaseId,
  effect: (id, { table, body }: { table: string; body: UpdateDatabaseTableBody }) => updateTable(id ?? '', table, body),
});
export const $savingTable = saveTableFx.pending;
export const $tableSaveFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on(saveTableFx.failData, (_, error) => toFailure(error))
  .reset(tableSaveSubmitted, tableSelected, tablesShown);

/** The tabs now show another database than before. */
const tablesDatabaseChanged = sample({
  clock: tablesShown,
  source: $tablesDatabaseId,
  filter: (shown, id) => shown !== id,
  fn: (_, id) => id,
});
$tablesDatabaseId.on(tablesDatabaseChanged, (_, id) => id);
// Another database's tables must not show, even for a moment.
$tables.reset(tablesDatabaseChanged);
$selectedTable.reset(tablesDatabaseChanged);
sample({ clock: tablesShown, target: loadTablesFx });
sample({
  clock: [tablesRetryClicked, tablesChanged],
  source: $tablesDatabaseId,
  filter: (id): id is string => id !== null,
  target: loadTablesFx,
});
sample({ clock: loadTablesFx, fn: (): TablesStatus => 'loading', target: $tablesStatus });

// Only the answer for the database on screen counts.
const tablesLoaded = sample({
  clock: loadTablesFx.done,
  source: $tablesDatabaseId,
  filter: (id, { params }) => id === params,
  fn: (_, { result }) => result,
});
const tablesFailed = sample({
  clock: loadTablesFx.fail,
  source: $tablesDatabaseId,
  filter: (id, { params }) => id === params,
  fn: (_, { error }) => toFailure(error),
});
sample({ clock: tablesLoaded, target: $tables });
sample({ clock: tablesLoaded, fn: (): TablesStatus => 'ready', target: $tablesStatus });
sample({ clock: tablesFailed, target: $tablesFailure });
sample({ clock: tablesFailed, fn: (): TablesStatus => 'error', target: $tablesStatus });

sample({
  clock: tableSaveSubmitted,
  source: $savingTable,
  filter: (saving) => !saving,
  fn: (_, save) => save,
  target: saveTableFx,
});
sample({
  clock: saveTableFx.doneData,
  source: $tables,
  fn: (tables, saved) => tables.map((table) => (table.name === saved.name ? saved : table)),
  target: $tables,
});
sample({
  clock: saveTableFx.doneData,
  fn: (saved) => ({ id: 'datasets.database.tables.saved', values: { name: saved.name } }),
  target: showSuccessFx,
});

/** The table the page shows: the chosen one while it is listed, else the first that still exists. */
export const $shownTable = sample({
  source: { tables: $tables, selected: $selectedTable },
  fn: ({ tables, selected }) =>
    tables.find((table) => table.name === selected) ?? tables.find((table) => !table.gone) ?? tables[0] ?? null,
});
