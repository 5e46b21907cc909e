// From the click on "log in" to the robots list showing its rows: the gzipped JavaScript downloaded
// over the network meanwhile (what the login page prefetched before the click is reported apart) and
// the time, in fresh Chromium contexts (cold cache), alternating with the floor of first-paint.ts (a bare HTML login form) so that the load of a shared machine hits both alike.
// `BENCH_TIMELINE=1` also prints when each request of the last round was requested and finished,
// relative to the click — the way to see a waterfall.
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import type { Browser, Request } from 'playwright-core';
import { launchBrowser, newContext } from '../support/browser';
import { ADMIN, ensureBuilds, startServer } from '../support/server';
import { median, startFloor, timeToUsable } from './first-paint';

/**
 * One run: milliseconds from the click to the list's last seeded row; the scripts downloaded over the
 * network meanwhile (the browser's cache hits are not downloads) and all the scripts that ran, cached
 * or not; what the login page had prefetched
 * before the click and how long after its navigation that took; and the requests after the click.
 */
export type AfterLoginRun = {
  ms: number;
  cpuMs: number;
  gzipBytes: number;
  files: number;
  neededGzipBytes: number;
  neededFiles: number;
  prefetchedGzipBytes: number;
  prefetchedFiles: number;
  prefetchMs: number;
  timeline: string[];
};

export type AfterLoginResult = { floor: number[]; runs: AfterLoginRun[] };

/** A request's path and query, without the server's address. */
const shortName = (url: string) => {
  const { pathname, search } = new URL(url);
  return pathname + search;
};

/** A script of the console or a remote, not the login page's own. */
const isConsoleScript = (url: string) =>
  /\.js$/.test(new URL(url).pathname) && !/\/login\.[^/]*\.js$/.test(new URL(url).pathname);

/** The gzipped size of a request's answer (0 when it did not answer 200). */
const gzippedSize = (request: Request) =>
  request
    .response()
    .then((response) => (response?.status() === 200 ? response.body() : Buffer.alloc(0)))
    .then(
      (body) => gzipSync(body, { level: 9 }).length,
      () => 0,
    );

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
    // The CPU time of the browser's renderer processes (the page's, whichever process the console gets).
    const system = await browser.newBrowserCDPSession();
    const rendererCpu = async () => {
      const { processInfo } = await system.send('SystemInfo.getProcessInfo');
      return new Map(processInfo.filter((info) => info.type === 'renderer').map((info) => [info.id, info.cpuTime]));
    };
    const cachedUrls = new Set<string>();
    const finishedUrls = new Set<string>();
    const urlsById = new Map<string, string>();
    cdp.on('Network.requestWillBeSent', (event) => void urlsById.set(event.requestId, event.request.url));
    cdp.on('Network.requestServedFromCache', (event) => void cachedUrls.add(urlsById.get(event.requestId) ?? ''));
    cdp.on('Network.responseReceived', (event) => {
      if (event.response.fromDiskCache || event.response.fromPrefetchCache || event.response.fromServiceWorker)
        cachedUrls.add(event.response.url);
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
    await page.locator('#fl-login-form button[type="submit"]:not([disabled])').waitFor();
    const listed = await page.evaluate(
      () => JSON.parse(document.getElementById('console-assets')?.textContent ?? '[]') as string[],
    );
    const listedUrls = listed.map((path) => new URL(path, baseUrl).href);
    await page.waitForFunction(
      (count) => document.querySelectorAll('link[rel="prefetch"]').length >= count,
      listed.length,
    );
    await new Promise<void>((resolve) => {
      finishedOne = () => listedUrls.every((url) => finishedUrls.has(url)) && resolve();
      finishedOne();
    });
    const prefetchMs = performance.now() - navigatedAt;
    const prefetched = listedUrls.filter(
      (url) => isConsoleScript(url) && beforeClick.some((request) => request.url() === url),
    );

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
    const cpuBefore = await rendererCpu();
    clickedAt = performance.now();
    cachedUrls.clear();
    await page.locator('#fl-login-form button[type="submit"]').click();
    await page.getByText(lastRow, { exact: true }).first().waitFor({ state: 'visible', timeout: 60_000 });
    const ms = performance.now() - clickedAt;
    // A process started after the click (the console's own renderer) counts from zero.
    const cpuAfter = await rendererCpu();
    const cpuMs = [...cpuAfter].reduce((sum, [id, seconds]) => sum + (seconds - (cpuBefore.get(id) ?? 0)) * 1000, 0);
    await system.detach();
    // Read once the list shows: the browser reports a cache hit apart from the request itself.
    const downloaded = (request: Request) => request.resourceType() === 'script' && !cachedUrls.has(request.url());
    const scripts = requests.filter((entry) => entry.request.resourceType() === 'script');
    const needed = await Promise.all(scripts.map((entry) => gzippedSize(entry.request)));
    const sizes = await Promise.all(
      requests.map((entry) => (downloaded(entry.request) ? gzippedSize(entry.request) : 0)),
    );
    // The browser keeps no body of a prefetch for the page to read: the server's copy is the same file.
    const prefetchedSizes = await Promise.all(
      prefetched.map(async (url) => gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length),
    );
    const timeline = requests.map(
      (entry, i) =>
        `${entry.sent.toFixed(0).padStart(6)} → ${entry.done.toFixed(0).padStart(6)} ms  ${(sizes[i] / 1024).toFixed(1).padStart(6)} KB  ${entry.request.method()} ${shortName(entry.request.url())}${cachedUrls.has(entry.request.url()) ? '  (from the cache)' : ''}`,
    );
    const files = requests.filter((entry) => downloaded(entry.request)).length;
    return {
      ms,
      cpuMs,
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
export async function benchAfterLogin(
  browser: Browser,
  baseUrl: string,
  lastRow: string,
  rounds: number,
): Promise<AfterLoginResult> {
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
    `                          CPU time of the page's renderer meanwhile: median ${median(runs.map((run) => run.cpuMs)).toFixed(0)} ms (the work itself, which a busy machine stretches in time but does not add to)`,
  ];
  if (process.env.BENCH_TIMELINE)
    lines.push(
      '  requests of the last round (sent → finished, from the click; gzipped size of scripts):',
      ...(runs.at(-1)?.timeline ?? []).map((line) => `  ${line}`),
    );
  return lines;
}

/** Creates `count` robots named `bench-robot-01`…, the list's rows the bench waits for. */
async function seedRobots(baseUrl: string, count: number): Promise<void> {
  const login = await fetch(`${baseUrl}/v1/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  for (let i = 1; i <= count; i++) {
    const name = `bench-robot-${String(i).padStart(2, '0')}`;
    const res = await fetch(`${baseUrl}/v1/processes`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ name, description: `Benchmark robot number ${i}, answering customer questions.` }),
    });
    if (!res.ok) throw new Error(`seeding failed: ${res.status} ${await res.text()}`);
  }
}

// `node --import tsx bench/after-login.ts`: this part alone, on a server of its own (`BENCH_ROUNDS`, default 15).
if (import.meta.url === `file://${process.argv[1]}`) {
  ensureBuilds();
  const server = await startServer({ FLOTILLA_LOG_LEVEL: 'error' });
  const browser = await launchBrowser();
  try {
    await seedRobots(server.url, 50);
    const result = await benchAfterLogin(browser, server.url, 'bench-robot-50', Number(process.env.BENCH_ROUNDS ?? 15));
    console.log(
      `\n${afterLoginLines(result).join('\n')}\n                          load average ${loadavg()[0]?.toFixed(1)}\n`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}
