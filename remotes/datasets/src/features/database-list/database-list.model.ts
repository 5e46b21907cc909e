import { attach, createEffect, createEvent, createStore, sample } from 'effector';
import {
  createPagedList,
  toFailure,
  type Database,
  type Failure,
  type ListDatabasesQuery,
  type TestDatabaseResponse,
} from '@flotilla/shared';
import { showSuccessFx } from '@flotilla/shared/ui';
import { createBodyOf, testBodyOf, updateBodyOf, type DatabaseFormValues } from '../../lib/database-form';
import { createDatabase } from './api/create-database';
import { deleteDatabase } from './api/delete-database';
import { listDatabases } from './api/list-databases';
import { testDatabase } from './api/test-database';
import { updateDatabase } from './api/update-database';

export const DATABASES_PAGE_SIZE = 20;

/** The databases of the tenant, searched by name and paged on the server. */
export const databaseList = createPagedList<ListDatabasesQuery, Database>({
  fetchPage: listDatabases,
  itemKey: (database) => database.id,
  deleteItem: (database) => deleteDatabase(database.id),
  pageSize: DATABASES_PAGE_SIZE,
});

/** The form open on the list page: a new database, or a saved one to edit. */
export type DatabaseFormDialog = { mode: 'create' } | { mode: 'edit'; database: Database };

/** The list page was opened. */
export const databasesPageOpened = databaseList.pageOpened;
/** The user confirmed deleting a database. */
export const databaseDeleteConfirmed = databaseList.deleteConfirmed;
/** The user asked for the form of a new database. */
export const databaseCreateClicked = createEvent();
/** The user asked for the form of a saved database. */
export const databaseEditClicked = createEvent<Database>();
/** The user closed the form without saving. */
export const databaseFormClosed = createEvent();
/** The user saved the form. */
export const databaseFormSubmitted = createEvent<DatabaseFormValues>();
/** The user asked whether the form's database answers. */
export const connectionTestClicked = createEvent<DatabaseFormValues>();

export const $formDialog = createStore<DatabaseFormDialog | null>(null, { skipVoid: false })
  .on(databaseCreateClicked, () => ({ mode: 'create' }))
  .on(databaseEditClicked, (_, database) => ({ mode: 'edit', database }))
  .reset(databaseFormClosed);

/** One save of the form: what it was opened for, and its values. */
type SaveRequest = { dialog: DatabaseFormDialog; values: DatabaseFormValues };
export const saveDatabaseFx = createEffect(({ dialog, values }: SaveRequest) =>
  dialog.mode === 'edit'
    ? updateDatabase(dialog.database.id, updateBodyOf(values))
    : createDatabase(createBodyOf(values)),
);
export const testConnectionFx = attach({
  source: $formDialog,
  effect: (dialog, values: DatabaseFormValues) =>
    testDatabase(testBodyOf(values, dialog?.mode === 'edit' ? dialog.database.id : null)),
});

export const $saving = saveDatabaseFx.pending;
export const $testing = testConnectionFx.pending;
/** Why saving failed, shown in the form until it is closed or saved again. */
export const $saveFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on(saveDatabaseFx.failData, (_, error) => toFailure(error))
  .reset(databaseFormSubmitted, databaseCreateClicked, databaseEditClicked, databaseFormClosed);
/** The last connection test's answer, or why the test itself failed. */
export const $testResult = createStore<TestDatabaseResponse | null>(null, { skipVoid: false })
  .on(testConnectionFx.doneData, (_, result) => result)
  .reset(connectionTestClicked, databaseCreateClicked, databaseEditClicked, databaseFormClosed);
export const $testFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on(testConnectionFx.failData, (_, error) => toFailure(error))
  .reset(connectionTestClicked, databaseCreateClicked, databaseEditClicked, databaseFormClosed);

sample({
  clock: databaseFormSubmitted,
  source: { dialog: $formDialog, saving: $saving },
  filter: ({ dialog, saving }) => dialog !== null && !saving,
  fn: ({ dialog }, values) => ({ dialog: dialog as DatabaseFormDialog, values }),
  target: saveDatabaseFx,
});
sample({ clock: connectionTestClicked, target: testConnectionFx });
sample({ clock: saveDatabaseFx.done, fn: () => null, target: $formDialog });
// A new database is first on the first page of everything; an edited one is reloaded where it is.
sample({
  clock: saveDatabaseFx.done,
  filter: ({ params }) => params.dialog.mode === 'create',
  target: databaseList.filtersCleared,
});
sample({
  clock: saveDatabaseFx.done,
  filter: ({ params }) => params.dialog.mode === 'edit',
  target: databaseList.reloadRequested,
});
sample({
  clock: saveDatabaseFx.done,
  fn: ({ result }) => ({ id: 'datasets.database.saved', values: { name: result.name } }),
  target: showSuccessFx,
});
