import { createEffect, createEvent, createStore, sample, type Effect, type EventCallable, type Store } from 'effector';
import { toFailure, type Failure } from '../http/failure';

/** Where a one-item page stands; `not-found` on a 404 or when the route holds no id. */
export type ItemStatus = 'loading' | 'ready' | 'not-found' | 'error';

/** What {@link createItemLoader} needs to know about one kind of item. */
export type ItemLoaderOptions<Item> = {
  /** Asks the server for one item; a 404 rejection means it does not exist (any more). */
  fetchOne: (id: string) => Promise<Item>;
  /** The id of an item, to keep the one on screen when its page opens again. */
  itemKey: (item: Item) => string;
};

/** The units of one item loaded by id, made by {@link createItemLoader}. */
export type ItemLoader<Item> = {
  /** The page was opened for an id (a route's optional id may be missing: then nothing is found). */
  opened: EventCallable<string | undefined>;
  /** The user asked for the item again after a failure. */
  reloadRequested: EventCallable<void>;
  /** The request of one item (its params are the id it asked for). */
  loadFx: Effect<string, Item>;
  /** The id on screen (`null` without one); answers for other ids are dropped. */
  $id: Store<string | null>;
  /** The item on screen; kept while the same id loads again, `null` for another id. */
  $item: Store<Item | null>;
  /** Where the page stands (see {@link ItemStatus}). */
  $status: Store<ItemStatus>;
  /** Why the item failed to load, until it loads or another page opens. */
  $failure: Store<Failure | null>;
};

/**
 * The model of a page that shows one item by its id: loading, ready, not found (404 or no id) or a
 * failure to retry; only the answer for the id on screen counts.
 */
export function createItemLoader<Item>({ fetchOne, itemKey }: ItemLoaderOptions<Item>): ItemLoader<Item> {
  const opened = createEvent<string | undefined>();
  const reloadRequested = createEvent();
  const itemLoaded = createEvent<Item>();
  const itemLoadFailed = createEvent<Failure>();

  const loadFx = createEffect<string, Item>(fetchOne);

  const $id = createStore<string | null>(null, { skipVoid: false }).on(opened, (_, id) => id || null);
  const $item = createStore<Item | null>(null, { skipVoid: false })
    .on(opened, (item, id) => (item && itemKey(item) === id ? item : null))
    .on(itemLoaded, (_, item) => item);
  const $status = createStore<ItemStatus>('loading')
    .on(loadFx, () => 'loading')
    .on(itemLoaded, () => 'ready')
    .on(itemLoadFailed, (_, failure) => (failure.status === 404 ? 'not-found' : 'error'));
  const $failure = createStore<Failure | null>(null, { skipVoid: false })
    .on(itemLoadFailed, (_, failure) => failure)
    .reset(itemLoaded, opened);

  sample({ clock: opened, filter: (id): id is string => Boolean(id), target: loadFx });
  sample({ clock: opened, filter: (id) => !id, fn: (): ItemStatus => 'not-found', target: $status });
  sample({ clock: reloadRequested, source: $id, filter: (id): id is string => id !== null, target: loadFx });

  // Only the answer for the item on screen counts (the user may have moved on to another one).
  sample({
    clock: loadFx.done,
    source: $id,
    filter: (id, { params }) => id === params,
    fn: (_, { result }) => result,
    target: itemLoaded,
  });
  sample({
    clock: loadFx.fail,
    source: $id,
    filter: (id, { params }) => id === params,
    fn: (_, { error }) => toFailure(error),
    target: itemLoadFailed,
  });

  return { opened, reloadRequested, loadFx, $id, $item, $status, $failure };
}
