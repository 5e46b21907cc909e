import type { MenuItem, RouteMeta } from '@flotilla/shared/contracts';

/** The menu entry that lights up: the route's menu key, else the entry with the longest path prefix. */
export function selectedMenuKey(items: readonly MenuItem[], pathname: string, route: RouteMeta | null): string | null {
  const all = flatten(items);
  if (route?.menuKey && all.some((item) => item.key === route.menuKey)) return route.menuKey;
  const prefixed = all
    .filter((item) => item.path && (pathname === item.path || pathname.startsWith(`${item.path}/`)))
    .sort((a, b) => b.path.length - a.path.length);
  return prefixed[0]?.key ?? null;
}

function flatten(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((item) => [item, ...flatten(item.children ?? [])]);
}

/** The path of a menu key (for navigation on select). */
export function menuPathOf(items: readonly MenuItem[], key: string): string | null {
  return flatten(items).find((item) => item.key === key)?.path || null;
}
