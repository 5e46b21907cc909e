import {
  ROUTES,
  roleAllowed,
  WHITELIST_ROUTE_NAMES,
  type MenuItem,
  type Role,
  type RouteMeta,
} from '@flotilla/shared/contracts';
import { hasParams, HOME_PATH, LOGIN_PATHS } from './route-match';

/** What the guard lets happen to a navigation. */
export type GuardDecision = { type: 'allow' } | { type: 'redirect'; to: string } | { type: 'notFound' };

export type GuardInput = {
  /** The matched route of `ROUTES`; null when the path matches none (not-found). */
  route: RouteMeta | null;
  role: Role | null;
  menuFromServer: boolean;
  /** Keys and paths of every server menu entry, hidden ones and children included ({@link menuEntries}). */
  menu: readonly string[];
  routes?: readonly RouteMeta[];
};

/**
 * Route names that pass the menuFromServer check without a menu entry: the whitelist
 * (login, register) plus the shell's redirect helper, whose target is guarded in its turn.
 */
export const GUARD_WHITELIST: readonly string[] = [...WHITELIST_ROUTE_NAMES, 'redirect'];

const ALLOW: GuardDecision = { type: 'allow' };
const NOT_FOUND: GuardDecision = { type: 'notFound' };

/** Keys and paths of a server menu, flattened. */
export function menuEntries(items: readonly MenuItem[]): string[] {
  return items.flatMap((item) => [item.key, item.path, ...menuEntries(item.children ?? [])]).filter(Boolean);
}

/** A route is in the server menu when its menu key, name or path is one of the menu's entries. */
export function inMenu(route: RouteMeta, menu: readonly string[]): boolean {
  return (
    menu.includes(route.path) ||
    menu.includes(route.name) ||
    (route.menuKey !== undefined && menu.includes(route.menuKey))
  );
}

/** The first console route that allows the role; the role defaults to admin. */
export function firstRouteForRole(role: Role | null, routes: readonly RouteMeta[] = ROUTES): RouteMeta | null {
  return (
    routes.find(
      (route) =>
        route.requiresAuth &&
        route.owner !== 'shell' &&
        !hasParams(route.path) &&
        roleAllowed(route.roles, role ?? 'admin'),
    ) ?? null
  );
}

/**
 * The role and menu guard (docs/product-rules.md, Guards), run once the user is logged in and known.
 * menuFromServer on: the route must be in the server menu (or whitelisted) and pass the role check, else not-found.
 * Off: a user failing the role check goes to the first route allowing the role, else not-found.
 */
export function guardRoute({ route, role, menuFromServer, menu, routes = ROUTES }: GuardInput): GuardDecision {
  if (!route) return NOT_FOUND;
  if (!route.requiresAuth) return ALLOW;
  const allowed = roleAllowed(route.roles, role ?? undefined);
  if (menuFromServer) {
    const listed = GUARD_WHITELIST.includes(route.name) || inMenu(route, menu);
    return listed && allowed ? ALLOW : NOT_FOUND;
  }
  if (allowed) return ALLOW;
  const first = firstRouteForRole(role, routes);
  return first && first.path !== route.path ? { type: 'redirect', to: first.path } : NOT_FOUND;
}

/**
 * Where a logged-out visitor of a protected page goes: the login page with `redirect` (the route's
 * name, or the path when the route has parameters or is unknown) and the original query kept. The login
 * page is `loginPath` (the one of the last login, branded or not) when it is one of the login pages, else /login.
 */
export function loginRedirectFor(
  route: RouteMeta | null,
  location: { pathname: string; search: string },
  loginPath: string | null = null,
): string {
  const target = route && !hasParams(route.path) ? route.name : location.pathname;
  const query = new URLSearchParams({ redirect: target });
  new URLSearchParams(location.search).forEach((value, key) => {
    if (key !== 'redirect') query.append(key, value);
  });
  const page = loginPath !== null && LOGIN_PATHS.includes(loginPath) ? loginPath : '/login';
  return `${page}?${query.toString()}`;
}

/**
 * Where the login page goes after success: the `redirect` route name or path with the rest of the
 * query, else the home page. Only same-origin paths are followed, and never back to a login page.
 */
export function afterLoginPath(search: string, routes: readonly RouteMeta[] = ROUTES): string {
  const query = new URLSearchParams(search);
  const redirect = query.get('redirect');
  query.delete('redirect');
  let path = HOME_PATH;
  if (redirect) {
    const named = routes.find((route) => route.name === redirect && !hasParams(route.path));
    if (named) path = named.path;
    else if (/^\/(?![/\\])/.test(redirect)) path = redirect;
  }
  if (routes.some((route) => route.path === path && route.owner === 'shell' && !route.requiresAuth)) path = HOME_PATH;
  const rest = query.toString();
  return rest ? `${path}?${rest}` : path;
}

/** The target of `/redirect/<path>`: the path after the prefix, with the query. */
export function redirectTarget(location: { pathname: string; search: string }): string {
  // Leading slashes collapse to one, so `/redirect//host` cannot become a protocol-relative URL.
  const rest = location.pathname.replace(/^\/redirect/, '').replace(/^\/*/, '/');
  return `${rest === '/' ? HOME_PATH : rest}${location.search}`;
}
