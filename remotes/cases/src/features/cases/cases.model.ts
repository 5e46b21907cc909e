import { createEffect, createEvent, createStore, sample } from 'effector';
import { toFailure, type Case, type CaseListResponse, type CaseStatus, type Failure, type ListCasesQuery } from '@flotilla/shared';
import { listCases } from './api/list-cases';

export const CASES_PAGE_SIZE = 20;
export const SEARCH_DEBOUNCE_MS = 300;

export type ListStatus = 'idle' | 'loading' | 'ready' | 'error';

/** The case list page was opened. */
export const casesPageOpened = createEvent();
/** The user asked to load the list again after a failure. */
export const casesRetryClicked = createEvent();
/** The search box text changed (the list follows after a short pause). */
export const caseSearchChanged = createEvent<string>();
/** The user picked a status to show, or all of them (`null`). */
export const caseStatusFilterChanged = createEvent<CaseStatus | null>();
/** The user cleared the search and the status filter. */
export const caseFiltersCleared = createEvent();
/** The user went to another page of the list. */
export const casesPageChanged = createEvent<number>();

const queryChanged = createEvent<ListCasesQuery>();
const casesLoaded = createEvent<CaseListResponse>();
const casesLoadFailed = createEvent<Failure>();

export const loadCasesFx = createEffect(listCases);
/** Resolves with the typed text once the user has paused; older texts are dropped below. */
const searchSettledFx = createEffect(
  (text: string) => new Promise<string>((resolve) => setTimeout(() => resolve(text), SEARCH_DEBOUNCE_MS)),
);

/** What the list shows: page, keyword and status, sent to the server as they are. */
export const $query = createStore<ListCasesQuery>({ offset: 0, limit: CASES_PAGE_SIZE }).on(queryChanged, (_, query) => query);
export const $searchText = createStore('')
  .on(caseSearchChanged, (_, text) => text)
  .reset(caseFiltersCleared);
export const $keyword = $query.map((query) => query.keyword ?? '');
export const $statusFilter = $query.map((query): CaseStatus | null => query.status ?? null, { skipVoid: false });
export const $hasFilters = $query.map((query) => Boolean(query.keyword || query.status));
export const $page = $query.map((query) => Math.floor(query.offset / query.limit) + 1);

export const $cases = createStore<Case[]>([]).on(casesLoaded, (_, { list }) => list);
export const $total = createStore(0).on(casesLoaded, (_, { total }) => total);
export const $listStatus = createStore<ListStatus>('idle')
  .on(loadCasesFx, () => 'loading')
  .on(casesLoaded, () => 'ready')
  .on(casesLoadFailed, () => 'error');
export const $loadFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on(casesLoadFailed, (_, failure) => failure)
  .reset(casesLoaded);

sample({ clock: [casesPageOpened, casesRetryClicked, queryChanged], source: $query, target: loadCasesFx });

// Only the answer to the query on screen counts: a slower answer to an older query is dropped.
sample({
  clock: loadCasesFx.done,
  source: $query,
  filter: (query, { params }) => query === params,
  fn: (_, { result }) => result,
  target: casesLoaded,
});
sample({
  clock: loadCasesFx.fail,
  source: $query,
  filter: (query, { params }) => query === params,
  fn: (_, { error }) => toFailure(error),
  target: casesLoadFailed,
});

sample({ clock: caseSearchChanged, target: searchSettledFx });
sample({
  clock: searchSettledFx.doneData,
  source: { text: $searchText, query: $query },
  filter: ({ text, query }, settled) => text === settled && settled.trim() !== (query.keyword ?? ''),
  fn: ({ query }, settled) => {
    const { keyword: _previous, ...rest } = query;
    const keyword = settled.trim();
    return keyword ? { ...rest, keyword, offset: 0 } : { ...rest, offset: 0 };
  },
  target: queryChanged,
});

sample({
  clock: caseStatusFilterChanged,
  source: $query,
  filter: (query, status) => (query.status ?? null) !== status,
  fn: (query, status) => {
    const { status: _previous, ...rest } = query;
    return status ? { ...rest, status, offset: 0 } : { ...rest, offset: 0 };
  },
  target: queryChanged,
});

sample({
  clock: caseFiltersCleared,
  source: $query,
  fn: (query): ListCasesQuery => ({ offset: 0, limit: query.limit }),
  target: queryChanged,
});

sample({
  clock: casesPageChanged,
  source: $query,
  fn: (query, page) => ({ ...query, offset: Math.max(0, page - 1) * query.limit }),
  target: queryChanged,
});
