import { matchRoutes } from 'react-router-dom';
import { ROUTES, type RouteMeta } from '@flotilla/shared/contracts';

const ROUTE_OBJECTS = ROUTES.map((meta) => ({ path: meta.path, meta }));

/** Where the console sends a logged-in user by default (`/` redirects here). */
export const HOME_PATH = '/robot';

/** The paths of the login pages. */
export const LOGIN_PATHS = ROUTES.filter((route) => route.owner === 'shell' && route.path.endsWith('/login')).map(
  (route) => route.path,
);

/** The register page's path (the route named `register`). */
export const REGISTER_PATH = ROUTES.find((route) => route.name === 'register')?.path ?? '/register';

/** The route of `ROUTES` a pathname belongs to (react-router ranking: static segments beat params); null when none. */
export function matchRouteMeta(pathname: string): RouteMeta | null {
  const matches = matchRoutes(ROUTE_OBJECTS, pathname);
  const last = matches?.[matches.length - 1];
  return last ? last.route.meta : null;
}

/** True when a route path has parameters or a splat, so its name alone cannot rebuild the URL. */
export function hasParams(path: string): boolean {
  return /[:*]/.test(path);
}
