import { createItemLoader, type Database } from '@flotilla/shared';
import { getDatabase } from './api/get-database';

/** One database of the tenant, loaded by the id of the route. */
const databaseDetail = createItemLoader<Database>({ fetchOne: getDatabase, itemKey: (database) => database.id });

/** The detail page was opened for a database id (the route's id is optional, so it may be missing). */
export const databaseDetailOpened = databaseDetail.opened;
/** The user asked to load the database again after a failure. */
export const databaseDetailRetryClicked = databaseDetail.reloadRequested;

export const loadDatabaseFx = databaseDetail.loadFx;

export const $databaseId = databaseDetail.$id;
export const $database = databaseDetail.$item;
export const $detailStatus = databaseDetail.$status;
export const $detailFailure = databaseDetail.$failure;
