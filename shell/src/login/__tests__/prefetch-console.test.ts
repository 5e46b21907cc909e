import { afterEach, describe, expect, it, vi } from 'vitest';
import { consoleAssets, prefetchConsole } from '../prefetch-console';

const prefetched = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => link.getAttribute('href'));

/** The login page's body as the server sends it, with the console's files in its data block. */
function listAssets(json: string) {
  document.body.innerHTML = `<form></form><script type="application/json" id="console-assets">${json}</script>`;
}

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe("the login page's prefetch of the console", () => {
  it('prefetches every file the server listed once the page has painted and the browser is idle', async () => {
    listAssets('["/main.0c2edb74.js","/456.1ea703a3.css","/remotes/robots/mf-manifest.json"]');
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    try {
      prefetchConsole(window);
      // Nothing competes with the page's first frame or while it is busy.
      expect(prefetched()).toEqual([]);
      await vi.waitFor(() => expect(idle).toHaveLength(1));
      expect(prefetched()).toEqual([]);
      idle.forEach((callback) => callback());
      expect(prefetched()).toEqual(['/main.0c2edb74.js', '/456.1ea703a3.css', '/remotes/robots/mf-manifest.json']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('prefetches nothing without a list, and only paths of this site from one', () => {
    expect(consoleAssets(document)).toEqual([]);
    listAssets('not json');
    expect(consoleAssets(document)).toEqual([]);
    listAssets('{"main":"/main.js"}');
    expect(consoleAssets(document)).toEqual([]);
    listAssets('["/main.js", "https://elsewhere.example/x.js", "//elsewhere.example/y.js", 3]');
    expect(consoleAssets(document)).toEqual(['/main.js']);
  });
});
