import { ROUTES } from '@flotilla/shared';

/** The absolute path of one of this remote's routes, taken from the shared route table. */
export function routePath(name: string): string {
  const route = ROUTES.find((entry) => entry.name === name && entry.owner === 'cases');
  if (!route) throw new Error(`No route named "${name}" belongs to the cases remote`);
  return route.path;
}
