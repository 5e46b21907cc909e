// From the click on "log in" to the robots list showing its rows: the gzipped JavaScript downloaded
// over the network meanwhile (what the login page prefetched before the click is reported apart) and
// the time, in fresh Chromium contexts (cold cache), alternating with the floor of first-paint.ts (a bare HTML login form) so that the load of a shared machine hits both alike.
// `BENCH_TIMELINE=1` also prints when each request of the last round was requested and finished,
// relative to the click — the way to see a waterfall.
import { gzipSync } from 'node:zlib';
import type { Browser, Request } from 'playwright-core';
import { newContext } from '../support/browser';
import { ADMIN } from '../support/server';
import { median, startFloor, timeToUsable } from './first-paint';

/**
 * One run: milliseconds from the click to the list's last seeded row; the scripts downloaded over the
 * network meanwhile (the browser's cache hits are not downloads) and all the scripts that ran, cached
 * or not; what the login page had prefetched
 * before the click and how long after its navigation that took; and the requests after the click.
 */
export type AfterLoginRun = { ms: number; gzipBytes: number; files: number; neededGzipBytes: number; neededFiles: number; prefetchedGzipBytes: number; prefetchedFiles: number; prefetchMs: number; timeline: string[] };

export type AfterLoginResult = { floor: number[]; runs: AfterLoginRun[] };

/** A request's path and query, without the server's address. */
const shortName = (url: string) => {
  const { pathname, search } = new URL(url);
  return pathname + search;
};

/** A script of the console or a remote, not the login page's own. */
const isConsoleScript = (url: string) => /\.js$/.test(new URL(url).pathname) && !/\/login\.[^/]*\.js$/.test(new URL(url).pathname);

/** The gzipped size of a request's answer (0 when it did not answer 200). */
const gzippedSize = (request: Request) =>
  request.response().then((response) => (response?.status() === 200 ? response.body() : Buffer.alloc(0))).then((body) => gzipSync(body, { level: 9 }).length, () => 0);

/**
 * Logs in through the form in a fresh context and measures until `lastRow` is visible. The click waits
 * until the files the login page prefetches have arrived, as they would while a visitor types; how long
 * that took is part of the result.
 */
export async function loginToFirstList(browser: Browser, baseUrl: string, lastRow: string): Promise<AfterLoginRun> {
  const context = await newContext(browser, baseUrl);
  try {
    const page = await context.newPage();
    // The browser's own account of each request: whether a cache answered it and when it finished.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const cachedUrls = new Set<string>();
    const finishedUrls = new Set<string>();
    const urlsById = new Map<string, string>();
    cdp.on('Network.requestWillBeSent', (event) => void urlsById.set(event.requestId, event.request.url));
    cdp.on('Network.requestServedFromCache', (event) => void cachedUrls.add(urlsById.get(event.requestId) ?? ''));
    cdp.on('Network.responseReceived', (event) => {
      if (event.response.fromDiskCache || event.response.fromPrefetchCache || event.response.fromServiceWorker) cachedUrls.add(event.response.url);
    });
    let finishedOne = () => {};
    cdp.on('Network.loadingFinished', (event) => {
      finishedUrls.add(urlsById.get(event.requestId) ?? '');
      finishedOne();
    });

    let clickedAt = 0;
    const beforeClick: Request[] = [];
    page.on('request', (request) => void (clickedAt ? undefined : beforeClick.push(request)));
    const navigatedAt = performance.now();
    await page.goto('/login');
    await page.locator('input[name="username"]').fill(ADMIN.username);
    await page.locator('input[name="password"]').fill(ADMIN.password);
    await page.locator('button[type="submit"]:not([disabled])').waitFor();
    const listed = await page.evaluate(() => JSON.parse(document.getElementById('console-assets')?.textContent ?? '[]') as string[]);
    const listedUrls = listed.map((path) => new URL(path, baseUrl).href);
    await page.waitForFunction((count) => document.querySelectorAll('link[rel="prefetch"]').length >= count, listed.length);
    await new Promise<void>((resolve) => {
      finishedOne = () => listedUrls.every((url) => finishedUrls.has(url)) && resolve();
      finishedOne();
    });
    const prefetchMs = performance.now() - navigatedAt;
    const prefetched = listedUrls.filter((url) => isConsoleScript(url) && beforeClick.some((request) => request.url() === url));

    // Every request after the click, for the timeline; only scripts that crossed the network count towards the weight.
    const requests: Array<{ request: Request; sent: number; done: number }> = [];
    page.on('request', (request) => {
      if (clickedAt) requests.push({ request, sent: performance.now() - clickedAt, done: 0 });
    });
    page.on('requestfinished', (request) => {
      const entry = requests.find((candidate) => candidate.request === request);
      if (!entry) return;
      entry.done = performance.now() - clickedAt;
    });
    clickedAt = performance.now();
    cachedUrls.clear();
    await page.locator('button[type="submit"]').click();
    await page.getByText(lastRow, { exact: true }).first().waitFor({ state: 'visible', timeout: 60_000 });
    const ms = performance.now() - clickedAt;
    // Read once the list shows: the browser reports a cache hit apart from the request itself.
    const downloaded = (request: Request) => request.resourceType() === 'script' && !cachedUrls.has(request.url());
    const scripts = requests.filter((entry) => entry.request.resourceType() === 'script');
    const needed = await Promise.all(scripts.map((entry) => gzippedSize(entry.request)));
    const sizes = await Promise.all(requests.map((entry) => (downloaded(entry.request) ? gzippedSize(entry.request) : 0)));
    // The browser keeps no body of a prefetch for the page to read: the server's copy is the same file.
    const prefetchedSizes = await Promise.all(prefetched.map(async (url) => gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length));
    const timeline = requests.map(
      (entry, i) =>
        `${entry.sent.toFixed(0).padStart(6)} → ${entry.done.toFixed(0).padStart(6)} ms  ${(sizes[i] / 1024).toFixed(1).padStart(6)} KB  ${entry.request.method()} ${shortName(entry.request.url())}${cachedUrls.has(entry.request.url()) ? '  (from the cache)' : ''}`,
    );
    const files = requests.filter((entry) => downloaded(entry.request)).length;
    return {
      ms,
      gzipBytes: sizes.reduce((a, b) => a + b, 0),
      files,
      neededGzipBytes: needed.reduce((a, b) => a + b, 0),
      neededFiles: scripts.length,
      prefetchedGzipBytes: prefetchedSizes.reduce((a, b) => a + b, 0),
      prefetchedFiles: prefetched.length,
      prefetchMs,
      timeline,
    };
  } finally {
    await context.close();
  }
}

/** `rounds` rounds of the floor and login → first list, in an order that turns each round. */
export async function benchAfterLogin(browser: Browser, baseUrl: string, lastRow: string, rounds: number): Promise<AfterLoginResult> {
  const floor = await startFloor();
  const result: AfterLoginResult = { floor: [], runs: [] };
  const measures: Array<() => Promise<void>> = [
    async () => void result.floor.push(await timeToUsable(browser, baseUrl, floor.url, 'input[type="password"]')),
    async () => void result.runs.push(await loginToFirstList(browser, baseUrl, lastRow)),
  ];
  try {
    // One unmeasured round: the first launch of each page pays for the browser's and server's warm-up.
    await timeToUsable(browser, baseUrl, floor.url, 'input[type="password"]');
    await loginToFirstList(browser, baseUrl, lastRow);
    for (let round = 0; round < rounds; round++) {
      for (const measure of round % 2 === 0 ? measures : [...measures].reverse()) await measure();
    }
  } finally {
    await floor.close();
  }
  return result;
}

/** The bench's lines for this measure. */
export function afterLoginLines({ floor, runs }: AfterLoginResult): string[] {
  const floorMs = median(floor);
  const listMs = median(runs.map((run) => run.ms));
  const gzip = median(runs.map((run) => run.gzipBytes));
  const prefetched = median(runs.map((run) => run.prefetchedGzipBytes));
  const lines = [
    `JS after login:           ${(gzip / 1024).toFixed(1)} KB gzipped in ${runs[0]?.files ?? 0} files downloaded from the click until the robots list shows its rows   (target ≤ 300 KB)`,
    `                          the scripts the console ran to get there: ${(median(runs.map((run) => run.neededGzipBytes)) / 1024).toFixed(1)} KB gzipped in ${runs[0]?.neededFiles ?? 0} files, downloaded or from the cache`,
    `                          prefetched by the login page before the click: ${(prefetched / 1024).toFixed(1)} KB gzipped in ${runs[0]?.prefetchedFiles ?? 0} scripts, done at median ${median(runs.map((run) => run.prefetchMs)).toFixed(0)} ms after its navigation`,
    `login → first list:       median ${listMs.toFixed(0)} ms from the click; floor (bare HTML form) ${floorMs.toFixed(0)} ms → ${(listMs / floorMs).toFixed(2)} × the floor   (target ≤ 3; ${runs.length} rounds, alternating)`,
  ];
  if (process.env.BENCH_TIMELINE) lines.push('  requests of the last round (sent → finished, from the click; gzipped size of scripts):', ...(runs.at(-1)?.timeline ?? []).map((line) => `  ${line}`));
  return lines;
}
