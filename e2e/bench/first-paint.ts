// How soon a visitor can type: the login page's password box and the share page's message box, from
// navigation start, in fresh Chromium contexts (cold cache), against the floor — a bare static HTML
// login form with no script or style, served gzipped by a loopback server of this process. The floor
// says what our page says in its default language (zh-CN), so that both pay for the same glyphs (the
// first Chinese text of a page costs a font fallback search). Rounds alternate floor and ours (and swap
// who goes first) so that the load of a shared machine hits both.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { newContext } from '../support/browser';

const FLOOR_PAGE = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>登录</title></head>
<body><form method="post" action="/login">
<label for="username">用户名</label> <input id="username" name="username" autocomplete="username">
<label for="password">密码</label> <input id="password" name="password" type="password" autocomplete="current-password">
<button type="submit">登录</button>
</form></body></html>
`;

/** The floor's server: one gzipped page for every path, over loopback, with `headers` added. */
export async function startFloor(
  headers: Record<string, string> = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  const body = gzipSync(FLOOR_PAGE, { level: 9 });
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, {
      ...headers,
      'content-type': 'text/html; charset=utf-8',
      'content-encoding': 'gzip',
      'content-length': body.length,
      'cache-control': 'no-cache',
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/login`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Runs in the page before any of its own code: records `performance.now()` (milliseconds since
 * navigation start) at the first animation frame in which an element matching each selector is laid
 * out, visible and enabled — the frame a visitor could first type into it. A string, not a function:
 * the TypeScript loader adds helpers to functions that the page would not have.
 */
const recordUsable = (selectors: readonly string[]) => `(() => {
  const selectors = ${JSON.stringify(selectors)};
  window.__usableAt = [];
  const check = () => {
    selectors.forEach((selector, index) => {
      if (window.__usableAt[index] !== undefined) return;
      const element = document.querySelector(selector);
      const box = element && element.getBoundingClientRect();
      if (box && box.width > 0 && box.height > 0 && !element.disabled && getComputedStyle(element).visibility === 'visible') {
        window.__usableAt[index] = performance.now();
      }
    });
    if (window.__usableAt.filter((time) => time !== undefined).length < selectors.length) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

/** Milliseconds from navigation start until each of `selectors` is usable on `url`, in one load in a fresh context. */
export async function timesToUsable(
  browser: Browser,
  baseUrl: string,
  url: string,
  selectors: readonly string[],
): Promise<number[]> {
  const context = await newContext(browser, baseUrl);
  try {
    await context.addInitScript({ content: recordUsable(selectors) });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(
      (count) => {
        const times = (window as unknown as { __usableAt?: Array<number | undefined> }).__usableAt ?? [];
        return times.filter((time) => time !== undefined).length === count && times;
      },
      selectors.length,
      { timeout: 60_000 },
    );
    return (await handle.jsonValue()) as number[];
  } finally {
    await context.close();
  }
}

/** Milliseconds from navigation start until `selector` is usable on `url`, in a fresh context. */
export async function timeToUsable(browser: Browser, baseUrl: string, url: string, selector: string): Promise<number> {
  const [time] = await timesToUsable(browser, baseUrl, url, [selector]);
  return time as number;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Headers of an answer that describe its body or connection, not the page's policies. */
const TRANSPORT_HEADERS =
  /^(content-(length|encoding|type)|transfer-encoding|connection|keep-alive|date|etag|last-modified|accept-ranges|vary|cache-control)$/;

/** The security headers our server sends with the login page (CSP, COOP, framing…). */
async function loginPageHeaders(baseUrl: string): Promise<Record<string, string>> {
  const response = await fetch(`${baseUrl}/login`, { headers: { accept: 'text/html' } });
  await response.arrayBuffer();
  return Object.fromEntries([...response.headers].filter(([name]) => !TRANSPORT_HEADERS.test(name)));
}

/**
 * Milliseconds until usable, per page: the two floors (bare, and with our security headers), login,
 * share (its static message box), and, in the same loads of the share page, when its app took the box over.
 */
export type UsableTimes = {
  floor: number[];
  floorWithHeaders: number[];
  login: number[];
  chat: number[];
  chatApp: number[];
};

/** The share page's message box: any (the static one counts), and the one the app drew. */
const MESSAGE_BOX = 'textarea';
export const APP_MESSAGE_BOX = '.flc-chat:not([data-static-chat]) textarea';

/** `rounds` rounds of the floors, our login page and the share page, in an order that turns each round. */
export async function benchUsable(
  browser: Browser,
  baseUrl: string,
  shareId: string,
  rounds: number,
): Promise<UsableTimes> {
  const floor = await startFloor();
  const floorWithHeaders = await startFloor(await loginPageHeaders(baseUrl));
  const times: UsableTimes = { floor: [], floorWithHeaders: [], login: [], chat: [], chatApp: [] };
  const one = (name: keyof UsableTimes, url: string, selector: string) => async () => ({
    [name]: await timeToUsable(browser, baseUrl, url, selector),
  });
  const measures: Array<() => Promise<Partial<Record<keyof UsableTimes, number>>>> = [
    one('floor', floor.url, 'input[type="password"]'),
    one('login', '/login', 'input[type="password"]'),
    one('floorWithHeaders', floorWithHeaders.url, 'input[type="password"]'),
    async () => {
      const [chat, chatApp] = await timesToUsable(browser, baseUrl, `/chat/${shareId}`, [MESSAGE_BOX, APP_MESSAGE_BOX]);
      return { chat, chatApp };
    },
  ];
  try {
    // One unmeasured round: the first launch of each page pays for the browser's and server's warm-up.
    for (const measure of measures) await measure();
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? measures : [...measures].reverse();
      for (const measure of order) {
        for (const [name, time] of Object.entries(await measure())) times[name as keyof UsableTimes].push(time);
      }
    }
  } finally {
    await floor.close();
    await floorWithHeaders.close();
  }
  return times;
}
