import { createEffect, createEvent, createStore, sample, type Effect, type EventCallable, type Store } from 'effector';
import type { PageQuery } from '../contracts';
import { toFailure, type Failure } from '../http/failure';

/** The part of a list query every server-paged list shares: the page (offset and limit) and the search text. */
export type ListQuery = PageQuery & { keyword?: string };

/** One page of a server list, as every list endpoint answers it. */
export type PageAnswer<Item> = { list: Item[]; total: number };

/** The filters of a list query: whatever it holds besides the page and the keyword. */
export type PageFilters<Query extends ListQuery> = Omit<Query, 'offset' | 'limit' | 'keyword'>;

/** A change of some filters; `null`, `undefined` or `''` removes a filter from the query. */
export type PageFiltersPatch<Query extends ListQuery> = {
  [Key in keyof PageFilters<Query>]?: PageFilters<Query>[Key] | null;
};

/** Where a list stands: not asked yet, waiting for the server, showing a page, or showing a failure. */
export type PagedListStatus = 'idle' | 'loading' | 'ready' | 'error';

/** What {@link createPagedList} needs to know about one list. */
export type PagedListOptions<Query extends ListQuery, Item> = {
  /** Asks the server for one page; the query is sent as it is (empty filters are left out of it). */
  fetchPage: (query: Query) => Promise<PageAnswer<Item>>;
  /** The identity of a row, to drop it from the page once it is deleted. */
  itemKey: (item: Item) => string;
  /** Deletes one row on the server; lists without a delete action leave it out. */
  deleteItem?: (item: Item) => Promise<unknown>;
  /** Rows per page until the user picks another size; 20 when left out. */
  pageSize?: number;
  /** How long the search box must rest before the server is asked; 300 ms when left out. */
  debounceMs?: number;
};

/** The units of one server-paged list, made by {@link createPagedList}. */
export type PagedList<Query extends ListQuery, Item> = {
  /** The list page was opened: load the query on screen. */
  pageOpened: EventCallable<void>;
  /** The user asked for the list again (after a failure, say): load the query on screen. */
  reloadRequested: EventCallable<void>;
  /** The search box text changed; the server is asked once the user pauses. */
  keywordChanged: EventCallable<string>;
  /** The user changed some filters; back to the first page when any differs. */
  filtersChanged: EventCallable<PageFiltersPatch<Query>>;
  /** The user cleared the search and every filter: the first page of everything. */
  filtersCleared: EventCallable<void>;
  /** The user went to another page (counted from 1). */
  pageChanged: EventCallable<number>;
  /** The user picked another page size; back to the first page. */
  pageSizeChanged: EventCallable<number>;
  /** The user confirmed deleting a row; ignored while that row's deletion is on its way. */
  deleteConfirmed: EventCallable<Item>;
  /** The page request (its params are the query it asked for). */
  loadPageFx: Effect<Query, PageAnswer<Item>>;
  /** The delete request of one row. */
  deleteItemFx: Effect<Item, unknown>;
  /** The query on screen, sent to the server as it is; answers to older queries are dropped. */
  $query: Store<Query>;
  /** The search box text, ahead of the query's keyword while the user types. */
  $searchText: Store<string>;
  /** The keyword of the query on screen (`''` without one). */
  $keyword: Store<string>;
  /** The page on screen, counted from 1. */
  $page: Store<number>;
  /** Rows per page of the query on screen. */
  $pageSize: Store<number>;
  /** The rows of the page on screen. */
  $items: Store<Item[]>;
  /** How many rows the whole list has on the server. */
  $total: Store<number>;
  /** Where the list stands (see {@link PagedListStatus}). */
  $status: Store<PagedListStatus>;
  /** True until the first answer and while a page is on its way. */
  $loading: Store<boolean>;
  /** Why the page on screen failed to load; `null` once a page arrives. */
  $failure: Store<Failure | null>;
  /** Keys of the rows whose deletion is on its way (their delete buttons spin). */
  $deletingIds: Store<string[]>;
};

/**
 * The model of a list searched, filtered and paged on the server: the keyword waits for the user
 * to pause, a new keyword or filter goes back to the first page, only the answer to the query on
 * screen counts, and after a delete the page loads again — the previous one when its last row went.
 */
export function createPagedList<Query extends ListQuery, Item>(
  options: PagedListOptions<Query, Item>,
): PagedList<Query, Item> {
  const { fetchPage, itemKey, pageSize = 20, debounceMs = 300 } = options;
  const deleteItem = options.deleteItem ?? (() => Promise.reject(new Error('This list has no delete action')));
  const firstPage = (limit: number) => ({ offset: 0, limit }) as Query;

  const pageOpened = createEvent();
  const reloadRequested = createEvent();
  const keywordChanged = createEvent<string>();
  const filtersChanged = createEvent<PageFiltersPatch<Query>>();
  const filtersCleared = createEvent();
  const pageChanged = createEvent<number>();
  const pageSizeChanged = createEvent<number>();
  const deleteConfirmed = createEvent<Item>();

  const queryChanged = createEvent<Query>();
  const pageLoaded = createEvent<PageAnswer<Item>>();
  const pageLoadFailed = createEvent<Failure>();

  const loadPageFx = createEffect<Query, PageAnswer<Item>>(fetchPage);
  const deleteItemFx = createEffect<Item, unknown>(deleteItem);
  /** Resolves with the typed text once the user has paused; older texts are dropped below. */
  const searchSettledFx = createEffect(
    (text: string) => new Promise<string>((resolve) => setTimeout(() => resolve(text), debounceMs)),
  );

  const $query = createStore<Query>(firstPage(pageSize)).on(queryChanged, (_, query) => query);
  const $searchText = createStore('')
    .on(keywordChanged, (_, text) => text)
    .reset(filtersCleared);
  const $keyword = $query.map((query) => query.keyword ?? '');
  const $page = $query.map((query) => Math.floor(query.offset / query.limit) + 1);
  const $pageSize = $query.map((query) => query.limit);

  const $items = createStore<Item[]>([])
    .on(pageLoaded, (_, { list }) => list)
    .on(deleteItemFx.done, (items, { params }) => items.filter((item) => itemKey(item) !== itemKey(params)));
  const $total = createStore(0)
    .on(pageLoaded, (_, { total }) => total)
    .on(deleteItemFx.done, (total) => Math.max(0, total - 1));
  const $status = createStore<PagedListStatus>('idle')
    .on(loadPageFx, () => 'loading')
    .on(pageLoaded, () => 'ready')
    .on(pageLoadFailed, () => 'error');
  const $loading = $status.map((status) => status === 'idle' || status === 'loading');
  const $failure = createStore<Failure | null>(null, { skipVoid: false })
    .on(pageLoadFailed, (_, failure) => failure)
    .reset(pageLoaded);
  const $deletingIds = createStore<string[]>([])
    .on(deleteItemFx, (ids, item) => [...ids, itemKey(item)])
    .on(deleteItemFx.finally, (ids, { params }) => ids.filter((id) => id !== itemKey(params)));

  sample({ clock: [pageOpened, reloadRequested, queryChanged], source: $query, target: loadPageFx });

  // Only the answer to the query on screen counts: a slower answer to an older query is dropped.
  sample({
    clock: loadPageFx.done,
    source: $query,
    filter: (query, { params }) => query === params,
    fn: (_, { result }) => result,
    target: pageLoaded,
  });
  sample({
    clock: loadPageFx.fail,
    source: $query,
    filter: (query, { params }) => query === params,
    fn: (_, { error }) => toFailure(error),
    target: pageLoadFailed,
  });

  sample({ clock: keywordChanged, target: searchSettledFx });
  sample({
    clock: searchSettledFx.doneData,
    source: { text: $searchText, query: $query },
    filter: ({ text, query }, settled) => text === settled && settled.trim() !== (query.keyword ?? ''),
    fn: ({ query }, settled) => withFilters(query, { keyword: settled.trim() } as Partial<Query>),
    target: queryChanged,
  });

  sample({
    clock: filtersChanged,
    source: $query,
    filter: (query, patch) =>
      Object.entries(patch).some(([key, value]) => orNull(query[key as keyof Query]) !== orNull(value)),
    fn: (query, patch) => withFilters(query, patch as Partial<Query>),
    target: queryChanged,
  });
  sample({ clock: filtersCleared, source: $query, fn: (query) => firstPage(query.limit), target: queryChanged });

  sample({
    clock: pageChanged,
    source: $query,
    fn: (query, page) => ({ ...query, offset: Math.max(0, page - 1) * query.limit }),
    target: queryChanged,
  });
  sample({
    clock: pageSizeChanged,
    source: $query,
    filter: (query, limit) => query.limit !== limit,
    fn: (query, limit) => ({ ...query, offset: 0, limit }),
    target: queryChanged,
  });

  sample({
    clock: deleteConfirmed,
    source: $deletingIds,
    filter: (ids, item) => !ids.includes(itemKey(item)),
    fn: (_, item) => item,
    target: deleteItemFx,
  });
  // Reload the page; when its last row went, show the previous page.
  sample({
    clock: deleteItemFx.done,
    source: { query: $query, items: $items },
    fn: ({ query, items }) =>
      items.length === 0 && query.offset > 0
        ? { ...query, offset: Math.max(0, query.offset - query.limit) }
        : { ...query },
    target: queryChanged,
  });

  return {
    pageOpened,
    reloadRequested,
    keywordChanged,
    filtersChanged,
    filtersCleared,
    pageChanged,
    pageSizeChanged,
    deleteConfirmed,
    loadPageFx,
    deleteItemFx,
    $query,
    $searchText,
    $keyword,
    $page,
    $pageSize,
    $items,
    $total,
    $status,
    $loading,
    $failure,
    $deletingIds,
  };
}

/** The query with these filters (an empty one left out), moved to the end of it, on the first page. */
function withFilters<Query extends ListQuery>(query: Query, patch: Partial<Query>): Query {
  const next: Record<string, unknown> = { ...query };
  for (const [key, value] of Object.entries(patch)) {
    delete next[key];
    if (orNull(value) !== null) next[key] = value;
  }
  next.offset = 0;
  return next as Query;
}

function orNull(value: unknown): unknown {
  return value === undefined || value === '' ? null : value;
}
