import { createEffect, createEvent, createStore, sample } from 'effector';
import { toFailure, type Dataset, type DatasetListResponse, type Failure, type ListDatasetsQuery, type Role } from '@flotilla/shared';
import { deleteDataset } from './api/delete-dataset';
import { listDatasets } from './api/list-datasets';

export const DATASETS_PAGE_SIZE = 20;
export const SEARCH_DEBOUNCE_MS = 300;
/** Who sees the create and delete actions (comfort only: the server checks the role too). */
export const DATASET_MANAGER_ROLES: readonly Role[] = ['admin', 'operator'];

export type ListStatus = 'idle' | 'loading' | 'ready' | 'error';

/**
 * The dataset list page was opened; `afterCreate` when the user arrives from creating one,
 * so the list starts over on its first page, where the new dataset is.
 */
export const datasetsPageOpened = createEvent<{ afterCreate: boolean }>();
/** The user asked to load the list again after a failure. */
export const datasetsRetryClicked = createEvent();
/** The search box text changed (the list follows after a short pause). */
export const datasetSearchChanged = createEvent<string>();
/** The user went to another page of the list. */
export const datasetsPageChanged = createEvent<number>();
/** The user confirmed deleting a dataset with its files and segments. */
export const datasetDeleteConfirmed = createEvent<Dataset>();

const queryChanged = createEvent<ListDatasetsQuery>();
const datasetsLoaded = createEvent<DatasetListResponse>();
const datasetsLoadFailed = createEvent<Failure>();

export const loadDatasetsFx = createEffect(listDatasets);
export const deleteDatasetFx = createEffect((dataset: Dataset) => deleteDataset(dataset.id));
/** Resolves with the typed text once the user has paused; older texts are dropped below. */
const searchSettledFx = createEffect(
  (text: string) => new Promise<string>((resolve) => setTimeout(() => resolve(text), SEARCH_DEBOUNCE_MS)),
);

const FIRST_PAGE: ListDatasetsQuery = { offset: 0, limit: DATASETS_PAGE_SIZE };

/** What the list shows: page and keyword, sent to the server as they are. */
export const $query = createStore<ListDatasetsQuery>(FIRST_PAGE).on(queryChanged, (_, query) => query);
export const $searchText = createStore('')
  .on(datasetSearchChanged, (_, text) => text)
  .on(datasetsPageOpened, (text, { afterCreate }) => (afterCreate ? '' : text));
export const $keyword = $query.map((query) => query.keyword ?? '');
export const $page = $query.map((query) => Math.floor(query.offset / query.limit) + 1);

export const $datasets = createStore<Dataset[]>([])
  .on(datasetsLoaded, (_, { list }) => list)
  .on(deleteDatasetFx.done, (datasets, { params }) => datasets.filter((dataset) => dataset.id !== params.id));
export const $total = createStore(0)
  .on(datasetsLoaded, (_, { total }) => total)
  .on(deleteDatasetFx.done, (total) => Math.max(0, total - 1));
export const $listStatus = createStore<ListStatus>('idle')
  .on(loadDatasetsFx, () => 'loading')
  .on(datasetsLoaded, () => 'ready')
  .on(datasetsLoadFailed, () => 'error');
export const $loadFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on(datasetsLoadFailed, (_, failure) => failure)
  .reset(datasetsLoaded);
/** Datasets whose deletion is on its way (their delete buttons spin). */
export const $deletingIds = createStore<string[]>([])
  .on(deleteDatasetFx, (ids, dataset) => [...ids, dataset.id])
  .on(deleteDatasetFx.finally, (ids, { params }) => ids.filter((id) => id !== params.id));

sample({
  clock: datasetsPageOpened,
  source: $query,
  fn: (query, { afterCreate }) => (afterCreate ? { ...FIRST_PAGE, limit: query.limit } : query),
  target: queryChanged,
});
sample({ clock: [datasetsRetryClicked, queryChanged], source: $query, target: loadDatasetsFx });

// Only the answer to the query on screen counts: a slower answer to an older query is dropped.
sample({
  clock: loadDatasetsFx.done,
  source: $query,
  filter: (query, { params }) => query === params,
  fn: (_, { result }) => result,
  target: datasetsLoaded,
});
sample({
  clock: loadDatasetsFx.fail,
  source: $query,
  filter: (query, { params }) => query === params,
  fn: (_, { error }) => toFailure(error),
  target: datasetsLoadFailed,
});

sample({ clock: datasetSearchChanged, target: searchSettledFx });
sample({
  clock: searchSettledFx.doneData,
  source: { text: $searchText, query: $query },
  filter: ({ text, query }, settled) => text === settled && settled.trim() !== (query.keyword ?? ''),
  fn: ({ query }, settled) => withKeyword(query, settled.trim()),
  target: queryChanged,
});

sample({
  clock: datasetsPageChanged,
  source: $query,
  fn: (query, page) => ({ ...query, offset: Math.max(0, page - 1) * query.limit }),
  target: queryChanged,
});

sample({
  clock: datasetDeleteConfirmed,
  source: $deletingIds,
  filter: (ids, dataset) => !ids.includes(dataset.id),
  fn: (_, dataset) => dataset,
  target: deleteDatasetFx,
});
// Reload the page; when its last row went, show the previous page.
sample({
  clock: deleteDatasetFx.done,
  source: { query: $query, datasets: $datasets },
  fn: ({ query, datasets }) =>
    datasets.length === 0 && query.offset > 0 ? { ...query, offset: Math.max(0, query.offset - query.limit) } : { ...query },
  target: queryChanged,
});

function withKeyword(query: ListDatasetsQuery, keyword: string): ListDatasetsQuery {
  const { keyword: _previous, ...rest } = query;
  return keyword ? { ...rest, keyword, offset: 0 } : { ...rest, offset: 0 };
}
