import { ROUTES } from '@flotilla/shared';

/** The absolute path of one of this remote's routes, taken from the shared route table. */
export function routePath(name: string): string {
  const route = ROUTES.find((entry) => entry.name === name && entry.owner === 'datasets');
  if (!route) throw new Error(`No route named "${name}" belongs to the datasets remote`);
  return route.path;
}
