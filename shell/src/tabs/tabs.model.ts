import { createEvent, createStore } from 'effector';
import { loggedOut } from '@flotilla/shared';
import { HOME_PATH } from '../router/route-match';

/** One open page in the tab bar. `path` includes the query, so it identifies the page. */
export type Tab = { name: string; path: string; titleId: string };

/** The home tab is always there and cannot be closed. */
export const HOME_TAB: Tab = { name: 'robot', path: HOME_PATH, titleId: 'route.robot' };

/** Adds a page to the open tabs unless it is already there. */
export function openTab(tabs: readonly Tab[], tab: Tab): Tab[] {
  return tabs.some((open) => open.path === tab.path) ? [...tabs] : [...tabs, tab];
}

/** Removes a tab; the home tab stays. */
export function closeTab(tabs: readonly Tab[], path: string): Tab[] {
  return tabs.filter((tab) => tab.path !== path || tab.path === HOME_TAB.path);
}

/** Keeps the home tab and the given one. */
export function closeOtherTabs(tabs: readonly Tab[], keepPath: string): Tab[] {
  return tabs.filter((tab) => tab.path === keepPath || tab.path === HOME_TAB.path);
}

/** Where to go after closing `path` while it is active: its left neighbour, else the home page. */
export function tabAfterClose(tabs: readonly Tab[], path: string): Tab {
  const index = tabs.findIndex((tab) => tab.path === path);
  return tabs[index - 1] ?? tabs.find((tab) => tab.path !== path) ?? HOME_TAB;
}

/** The cache list: route names of the open tabs, each once, in opening order. */
export function cacheListOf(tabs: readonly Tab[]): string[] {
  return [...new Set(tabs.map((tab) => tab.name))];
}

export const tabOpened = createEvent<Tab>();
export const tabClosed = createEvent<string>();
export const otherTabsClosed = createEvent<string>();

/** The open tabs of the tab bar; back to the home tab on logout. */
export const $tabs = createStore<Tab[]>([HOME_TAB])
  .on(tabOpened, openTab)
  .on(tabClosed, closeTab)
  .on(otherTabsClosed, closeOtherTabs)
  .reset(loggedOut);

/** The cache list kept beside the open tabs. */
export const $cacheList = $tabs.map(cacheListOf);
