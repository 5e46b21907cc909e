import { createEffect, createEvent, createStore, sample } from 'effector';
import {
  createPagedList,
  toFailure,
  type Catalogue,
  type DatasetFile,
  type Failure,
  type DatasetFileStatus,
  type ListDatasetFilesQuery,
} from '@flotilla/shared';
import { subtreeIds } from '../../lib/catalogue-tree';
import { isFileMoving } from '../../lib/file-status';
import { ALL_FILES } from '../../lib/folders';
import { showSuccessFx } from '@flotilla/shared/ui';
import { createPolling } from '@flotilla/shared';
import { $catalogues, deleteCatalogueFx } from '../catalogues/catalogues.model';
import { datasetDetailRetryClicked } from '../dataset-detail/dataset-detail.model';
import { deleteDatasetFiles } from './api/delete-files';
import { listDatasetFiles } from './api/list-files';
import { reindexDatasetFile } from './api/reindex-file';

export const FILES_PAGE_SIZE = 20;

/** The file list's query: the server's, plus the dataset it belongs to (part of the path, not of the query string). */
export type FileListQuery = ListDatasetFilesQuery & { datasetId?: string };

/** A status filter of the list, or every status. */
export type FileStatusFilter = DatasetFileStatus | 'all';

/** The files of the dataset on screen, searched, filtered by folder and status, and paged on the server. */
export const fileList = createPagedList<FileListQuery, DatasetFile>({
  fetchPage: ({ datasetId, ...query }) =>
    datasetId ? listDatasetFiles(datasetId, query) : Promise.reject(new Error('No dataset')),
  itemKey: (file) => file.id,
  pageSize: FILES_PAGE_SIZE,
});

/** Files still queued or parsing make the list ask again every 2 s. */
export const fileListPolling = createPolling();

/** The file list of a dataset was opened. */
export const filesOpened = createEvent<string>();
/** The user left the file list. */
export const filesClosed = createEvent();
/** The user picked a folder: a catalogue id, `root` (outside any folder) or `all` (see lib/folders). */
export const folderSelected = createEvent<string>();
/** The user picked a status filter. */
export const fileStatusFilterChanged = createEvent<FileStatusFilter>();
/** The user ticked or unticked files. */
export const fileSelectionChanged = createEvent<string[]>();
/** The user confirmed deleting the ticked files. */
export const selectedFilesDeleteConfirmed = createEvent();
/** The user asked to parse a file again. */
export const fileReindexClicked = createEvent<DatasetFile>();

export const deleteFilesFx = createEffect(deleteDatasetFiles);
export const reindexFileFx = createEffect(reindexDatasetFile);

export const $fileQuery = fileList.$query;
/** The folder whose files are listed: a catalogue id, `root`, or `all`. */
export const $selectedFolder = fileList.$query.map((query) => query.catalogueId ?? ALL_FILES);
export const $fileStatusFilter = fileList.$query.map((query): FileStatusFilter => query.status ?? 'all');
export const $selectedFileIds = createStore<string[]>([])
  .on(fileSelectionChanged, (_, ids) => ids)
  .reset(fileList.$query.updates, deleteFilesFx.done);
export const $deletingFiles = deleteFilesFx.pending;
export const $reindexingIds = createStore<string[]>([])
  .on(reindexFileFx, (ids, { fileId }) => [...ids, fileId])
  .on(reindexFileFx.finally, (ids, { params }) => ids.filter((id) => id !== params.fileId));
/** Why the last delete or re-index was refused (409 while a job works on the file, say), until the next one. */
export const $fileActionFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on([deleteFilesFx.failData, reindexFileFx.failData], (_, error) => toFailure(error))
  .reset(deleteFilesFx, reindexFileFx, filesOpened);
/** True while the list reloads by itself (the table does not flash its spinner for that). */
export const $refreshing = createStore(false)
  .on(fileListPolling.ticked, () => true)
  .on(fileList.loadPageFx.finally, () => false);

// Another dataset: its first page, every filter off; the same one: the page on screen again.
const opened = sample({
  clock: filesOpened,
  source: fileList.$query,
  fn: (query, datasetId) => ({ datasetId, again: query.datasetId === datasetId }),
});
sample({
  clock: opened,
  filter: ({ again }) => !again,
  fn: ({ datasetId }) => ({ datasetId, catalogueId: null, status: null }),
  target: fileList.filtersChanged,
});
sample({ clock: opened, filter: ({ again }) => !again, fn: () => '', target: fileList.keywordChanged });
sample({ clock: opened, filter: ({ again }) => again, fn: () => undefined, target: fileList.pageOpened });
sample({ clock: filesOpened, target: fileListPolling.started });
sample({ clock: filesClosed, target: fileListPolling.stopped });

sample({
  clock: folderSelected,
  fn: (key) => ({ catalogueId: key === ALL_FILES ? null : key }),
  target: fileList.filtersChanged,
});
sample({
  clock: fileStatusFilterChanged,
  fn: (status) => ({ status: status === 'all' ? null : status }),
  target: fileList.filtersChanged,
});

sample({
  clock: fileList.loadPageFx.doneData,
  fn: ({ list }) => list.some((file) => isFileMoving(file.status)),
  target: fileListPolling.answered,
});
sample({ clock: fileListPolling.ticked, target: fileList.reloadRequested });

sample({
  clock: selectedFilesDeleteConfirmed,
  source: { query: fileList.$query, fileIds: $selectedFileIds, deleting: $deletingFiles },
  filter: ({ query, fileIds, deleting }) => Boolean(query.datasetId) && fileIds.length > 0 && !deleting,
  fn: ({ query, fileIds }) => ({ datasetId: query.datasetId as string, fileIds }),
  target: deleteFilesFx,
});
sample({ clock: deleteFilesFx.done, target: [fileList.reloadRequested, datasetDetailRetryClicked] });
sample({
  clock: deleteFilesFx.done,
  fn: ({ params }) => ({ id: 'datasets.files.deleted', values: { count: params.fileIds.length } }),
  target: showSuccessFx,
});

sample({
  clock: fileReindexClicked,
  source: $reindexingIds,
  filter: (ids, file) => !ids.includes(file.id),
  fn: (_, file) => ({ datasetId: file.datasetId, fileId: file.id }),
  target: reindexFileFx,
});
sample({ clock: reindexFileFx.done, target: fileList.reloadRequested });
sample({ clock: reindexFileFx.done, fn: () => ({ id: 'datasets.files.reindexStarted' }), target: showSuccessFx });

// A deleted folder may hold the one on screen (or be it): show every file then; else the page again.
const shownFolderDeleted = (catalogues: Catalogue[], query: FileListQuery, deletedId: string) =>
  query.catalogueId !== undefined && subtreeIds(catalogues, deletedId).has(query.catalogueId);
// Its files went with it: the dataset's counts changed.
sample({ clock: deleteCatalogueFx.done, target: datasetDetailRetryClicked });
sample({
  clock: deleteCatalogueFx.done,
  source: { query: fileList.$query, catalogues: $catalogues },
  filter: ({ query, catalogues }, { params }) => shownFolderDeleted(catalogues, query, params.catalogueId),
  fn: () => ({ catalogueId: null }),
  target: fileList.filtersChanged,
});
sample({
  clock: deleteCatalogueFx.done,
  source: { query: fileList.$query, catalogues: $catalogues },
  filter: ({ query, catalogues }, { params }) => !shownFolderDeleted(catalogues, query, params.catalogueId),
  fn: () => undefined,
  target: fileList.reloadRequested,
});
