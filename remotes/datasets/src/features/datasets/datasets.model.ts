import { createEvent, sample } from 'effector';
import { createPagedList, type Dataset, type ListDatasetsQuery } from '@flotilla/shared';
import { deleteDataset } from './api/delete-dataset';
import { listDatasets } from './api/list-datasets';

export const DATASETS_PAGE_SIZE = 20;
export const SEARCH_DEBOUNCE_MS = 300;

/** The datasets of the tenant, searched and paged on the server. */
export const datasetList = createPagedList<ListDatasetsQuery, Dataset>({
  fetchPage: listDatasets,
  itemKey: (dataset) => dataset.id,
  deleteItem: (dataset) => deleteDataset(dataset.id),
  pageSize: DATASETS_PAGE_SIZE,
  debounceMs: SEARCH_DEBOUNCE_MS,
});

/**
 * The dataset list page was opened; `afterCreate` when the user arrives from creating one,
 * so the list starts over on its first page, where the new dataset is.
 */
export const datasetsPageOpened = createEvent<{ afterCreate: boolean }>();
/** The user asked to load the list again after a failure. */
export const datasetsRetryClicked = datasetList.reloadRequested;
/** The search box text changed (the list follows after a short pause). */
export const datasetSearchChanged = datasetList.keywordChanged;
/** The user went to another page of the list. */
export const datasetsPageChanged = datasetList.pageChanged;
/** The user confirmed deleting a dataset with its files and segments. */
export const datasetDeleteConfirmed = datasetList.deleteConfirmed;

export const loadDatasetsFx = datasetList.loadPageFx;
export const deleteDatasetFx = datasetList.deleteItemFx;

/** What the list shows: page and keyword, sent to the server as they are. */
export const $query = datasetList.$query;
export const $searchText = datasetList.$searchText;
export const $keyword = datasetList.$keyword;
export const $page = datasetList.$page;
export const $datasets = datasetList.$items;
export const $total = datasetList.$total;
export const $listStatus = datasetList.$status;
export const $loadFailure = datasetList.$failure;
/** Datasets whose deletion is on its way (their delete buttons spin). */
export const $deletingIds = datasetList.$deletingIds;

// After creating, start over without the search: the new dataset is first on the first page.
sample({ clock: datasetsPageOpened, filter: ({ afterCreate }) => afterCreate, target: datasetList.filtersCleared });
sample({ clock: datasetsPageOpened, filter: ({ afterCreate }) => !afterCreate, target: datasetList.pageOpened });
