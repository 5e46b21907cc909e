import { ROUTES } from '@flotilla/shared';

/** The absolute paths of the public chat: every ROUTES entry owned by the chat remote. */
export const CHAT_PATHS: readonly string[] = ROUTES.filter((route) => route.owner === 'chat').map(
  (route) => route.path,
);

/** Compiled once: `/chat/:shareId` → a pattern with one named group per parameter. */
const MATCHERS = CHAT_PATHS.map((path) => {
  const names: string[] = [];
  const source = path.replace(/:(\w+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { pattern: new RegExp(`^${source}/?$`), names };
});

/**
 * The route parameters of a public chat path (`{ shareId }`, `{ id }` or none), or `null` when the
 * path is none of them. The standalone page routes with this instead of a router: it has one page.
 */
export function matchChatPath(pathname: string): Record<string, string> | null {
  for (const { pattern, names } of MATCHERS) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    try {
      return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1] as string)]));
    } catch {
      return null;
    }
  }
  return null;
}
