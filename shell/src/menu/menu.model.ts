import { createEffect, createEvent, createStore, sample } from 'effector';
import { GetMenu, loggedOut, request, type MenuItem } from '@flotilla/shared';
import { menuEntries } from '../router/guard';
import { showNoticeFx } from '../notices/notices.model';
import type { Notice } from '../notices/notice';

export type MenuStatus = 'idle' | 'loading' | 'ready' | 'error';

/** A logged-in page needs the server menu and it has not been asked for yet. */
export const menuRequested = createEvent<void>();
/** The user pressed Retry after the menu failed to load. */
export const menuRetried = createEvent<void>();

/** Loads the menu of the caller's role. Silent: its own notices report it. */
export const fetchMenuFx = createEffect(() => request(GetMenu, { silent: true }));

/** The server menu; cleared on logout. */
export const $menu = createStore<MenuItem[]>([])
  .on(fetchMenuFx.doneData, (_, menu) => (Array.isArray(menu) ? menu : []))
  .reset(loggedOut);

export const $menuStatus = createStore<MenuStatus>('idle')
  .on(fetchMenuFx, () => 'loading')
  .on(fetchMenuFx.done, () => 'ready')
  .on(fetchMenuFx.fail, () => 'error')
  .reset(loggedOut);

/** Keys and paths of every entry, for the menuFromServer guard. */
export const $menuEntries = $menu.map(menuEntries);

sample({ clock: menuRequested, source: $menuStatus, filter: (status) => status === 'idle', target: fetchMenuFx });
sample({ clock: menuRetried, source: $menuStatus, filter: (status) => status !== 'loading', target: fetchMenuFx });

// Loading and success show in the menu itself (a spinner where its entries come, then the entries): a
// notice for them would only cover the page, right when the user starts using it. A failure is a notice
// too, besides the menu's own Retry, because the page cannot be used without the menu.
sample({
  clock: fetchMenuFx.failData,
  fn: (error): Notice => ({ id: 'flotilla-menu', type: 'error', titleId: 'shell.menu.failed', content: error.message }),
  target: showNoticeFx,
});

/** Visible entries sorted by `order` (dashboard and robot come first with order -1), children too. */
export function visibleMenu(items: readonly MenuItem[]): MenuItem[] {
  return items
    .filter((item) => !item.hidden)
    .map((item) => ({ ...item, children: visibleMenu(item.children ?? []) }))
    .sort((a, b) => a.order - b.order);
}
