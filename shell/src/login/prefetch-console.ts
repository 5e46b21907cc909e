// The console's files, fetched while the visitor is still on the login page: after the login the
// console's page then finds its scripts in the browser's cache instead of downloading them.

/** The id of the JSON data block in which the server lists the console's files (see the server's builds). */
const CONSOLE_ASSETS_ELEMENT_ID = 'console-assets';

/** The same-origin paths the server listed in `doc`, or none when it listed none or the block is unreadable. */
export function consoleAssets(doc: Document): string[] {
  const text = doc.getElementById(CONSOLE_ASSETS_ELEMENT_ID)?.textContent;
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value)
      ? value.filter(
          (path): path is string => typeof path === 'string' && path.startsWith('/') && !path.startsWith('//'),
        )
      : [];
  } catch {
    return [];
  }
}

/**
 * Adds a `<link rel="prefetch">` for each listed file once the page has loaded, drawn a frame and the
 * browser is idle, so nothing of it competes with the form's first paint (on a small page the load
 * event can come before it). Prefetches run at the lowest priority, and a link is not a script: the
 * page's Content-Security-Policy allows them.
 */
export function prefetchConsole(win: Window = window): void {
  const doc = win.document;
  const prefetch = () => {
    for (const href of consoleAssets(doc)) {
      const link = doc.createElement('link');
      link.rel = 'prefetch';
      link.href = href;
      doc.head.append(link);
    }
  };
  const whenIdle = () =>
    typeof win.requestIdleCallback === 'function' ? win.requestIdleCallback(prefetch) : win.setTimeout(prefetch, 0);
  // A task queued from an animation frame runs after that frame has been painted.
  const afterNextPaint = () => win.requestAnimationFrame(() => win.setTimeout(whenIdle, 0));
  if (doc.readyState === 'complete') afterNextPaint();
  else win.addEventListener('load', afterNextPaint, { once: true });
}
