// From the click on "log in" to the robots list showing its rows: the gzipped JavaScript downloaded
// meanwhile and the time, in fresh Chromium contexts (cold cache), alternating with the floor of
// first-paint.ts (a bare HTML login form) so that the load of a shared machine hits both alike.
// `BENCH_TIMELINE=1` also prints when each request of the last round was requested and finished,
// relative to the click — the way to see a waterfall.
import { gzipSync } from 'node:zlib';
import type { Browser, Request } from 'playwright-core';
import { newContext } from '../support/browser';
import { ADMIN } from '../support/server';
import { median, startFloor, timeToUsable } from './first-paint';

/** One run: milliseconds from the click to the list's last seeded row, the JS it took, and its requests. */
export type AfterLoginRun = { ms: number; gzipBytes: number; files: number; timeline: string[] };

export type AfterLoginResult = { floor: number[]; runs: AfterLoginRun[] };

/** A request's path and query, without the server's address. */
const shortName = (url: string) => {
  const { pathname, search } = new URL(url);
  return pathname + search;
};

/** Logs in through the form in a fresh context and measures until `lastRow` is visible. */
export async function loginToFirstList(browser: Browser, baseUrl: string, lastRow: string): Promise<AfterLoginRun> {
  const context = await newContext(browser, baseUrl);
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await page.locator('input[name="username"]').fill(ADMIN.username);
    await page.locator('input[name="password"]').fill(ADMIN.password);
    await page.locator('button[type="submit"]:not([disabled])').waitFor();

    // Every request after the click, for the timeline; only scripts count towards the weight.
    const requests: Array<{ request: Request; sent: number; size: Promise<number>; done: number }> = [];
    let clickedAt = 0;
    page.on('request', (request) => {
      if (clickedAt) requests.push({ request, sent: performance.now() - clickedAt, size: Promise.resolve(0), done: 0 });
    });
    page.on('requestfinished', (request) => {
      const entry = requests.find((candidate) => candidate.request === request);
      if (!entry) return;
      entry.done = performance.now() - clickedAt;
      if (request.resourceType() === 'script') {
        entry.size = request.response().then((response) => (response?.status() === 200 ? response.body() : Buffer.alloc(0))).then((body) => gzipSync(body, { level: 9 }).length, () => 0);
      }
    });
    clickedAt = performance.now();
    await page.locator('button[type="submit"]').click();
    await page.getByText(lastRow, { exact: true }).first().waitFor({ state: 'visible', timeout: 60_000 });
    const ms = performance.now() - clickedAt;
    const sizes = await Promise.all(requests.map((entry) => entry.size));
    const timeline = requests.map(
      (entry, i) => `${entry.sent.toFixed(0).padStart(6)} → ${entry.done.toFixed(0).padStart(6)} ms  ${(sizes[i] / 1024).toFixed(1).padStart(6)} KB  ${entry.request.method()} ${shortName(entry.request.url())}`,
    );
    const files = requests.filter((entry) => entry.request.resourceType() === 'script').length;
    return { ms, gzipBytes: sizes.reduce((a, b) => a + b, 0), files, timeline };
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
  const lines = [
    `JS after login:           ${(gzip / 1024).toFixed(1)} KB gzipped in ${runs[0]?.files ?? 0} files, from the click until the robots list shows its rows   (target ≤ 300 KB)`,
    `login → first list:       median ${listMs.toFixed(0)} ms from the click; floor (bare HTML form) ${floorMs.toFixed(0)} ms → ${(listMs / floorMs).toFixed(2)} × the floor   (target ≤ 3; ${runs.length} rounds, alternating)`,
  ];
  if (process.env.BENCH_TIMELINE) lines.push('  requests of the last round (sent → finished, from the click; gzipped size of scripts):', ...(runs.at(-1)?.timeline ?? []).map((line) => `  ${line}`));
  return lines;
}
