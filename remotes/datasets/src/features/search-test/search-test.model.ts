import { createEffect, createEvent, createStore, sample } from 'effector';
import { toFailure, type Dataset, type Failure, type SearchMode, type SegmentListResponse } from '@flotilla/shared';
import { searchSegments } from './api/search-segments';

/** How many hits a search test shows. */
export const SEARCH_TEST_LIMIT = 20;

/** A search as asked and as answered. */
export type SearchTestResult = SegmentListResponse & { query: string; requestedMode: SearchMode };

/** The search test of a dataset was opened (its embedding model says which modes it offers). */
export const searchTestOpened = createEvent<Pick<Dataset, 'id' | 'embeddingModel'>>();
/** The user typed in the query box. */
export const searchQueryChanged = createEvent<string>();
/** The user picked a mode. */
export const searchModeChanged = createEvent<SearchMode>();
/** The user asked to search. */
export const searchSubmitted = createEvent();

export const searchFx = createEffect(searchSegments);

/** The dataset searched; answers for another one are dropped. */
export const $searchDatasetId = createStore<string | null>(null, { skipVoid: false }).on(
  searchTestOpened,
  (_, dataset) => dataset.id,
);
/** Vector and hybrid need embeddings; without an embedding model only full-text is offered. */
export const $vectorAvailable = createStore(false).on(
  searchTestOpened,
  (_, dataset) => dataset.embeddingModel !== null,
);
export const $searchQuery = createStore('').on(searchQueryChanged, (_, query) => query);
export const $searchMode = createStore<SearchMode>('fulltext').on(searchModeChanged, (_, mode) => mode);
export const $searchResult = createStore<SearchTestResult | null>(null, { skipVoid: false });
export const $searchFailure = createStore<Failure | null>(null, { skipVoid: false }).reset(searchFx);
export const $searching = searchFx.pending;

// Another dataset: start afresh (its modes may differ).
const otherDataset = sample({
  clock: searchTestOpened,
  source: $searchDatasetId,
  filter: (shown, dataset) => shown !== dataset.id,
  fn: (_, dataset) => dataset,
});
sample({ clock: otherDataset, fn: () => '', target: $searchQuery });
sample({ clock: otherDataset, fn: () => null, target: [$searchResult, $searchFailure] });
sample({
  clock: searchTestOpened,
  source: $searchMode,
  filter: (mode, dataset) => dataset.embeddingModel === null && mode !== 'fulltext',
  fn: (): SearchMode => 'fulltext',
  target: $searchMode,
});

sample({
  clock: searchSubmitted,
  source: { datasetId: $searchDatasetId, query: $searchQuery, mode: $searchMode, searching: $searching },
  filter: ({ datasetId, query, searching }) => datasetId !== null && query.trim() !== '' && !searching,
  fn: ({ datasetId, query, mode }) => ({
    datasetIds: [datasetId as string],
    query: query.trim(),
    mode,
    offset: 0,
    limit: SEARCH_TEST_LIMIT,
  }),
  target: searchFx,
});
sample({
  clock: searchFx.done,
  source: $searchDatasetId,
  filter: (id, { params }) => params.datasetIds?.[0] === id,
  fn: (_, { params, result }): SearchTestResult => ({
    ...result,
    query: params.query ?? '',
    requestedMode: params.mode ?? 'fulltext',
  }),
  target: $searchResult,
});
sample({
  clock: searchFx.fail,
  source: $searchDatasetId,
  filter: (id, { params }) => params.datasetIds?.[0] === id,
  fn: (_, { error }) => toFailure(error),
  target: $searchFailure,
});
