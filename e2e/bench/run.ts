// `pnpm bench`: page weight and time of the login form, the robots list and the public share chat in
// headless Chromium, and how soon the login's password box and the share's message box are usable
// against a bare HTML login form (first-paint.ts); the JS and time from the click on log in to the
// robots list, against the same floor (after-login.ts); requests/s of `GET /v1/processes` (50 rows, authenticated) against a bare Fastify
// route; time to first token through `/v2/qa` against the upstream model directly, and 200 concurrent
// streams; knowledge ingestion MB/s and search p50/p95 at 10k and 100k segments against raw FTS5
// (knowledge.ts); the flow engine's cost per node against a plain call loop (flow-engine.ts); the v3 flow
// editor opening a 300-node flow and dragging a node, against a 3-node flow (flow-editor.ts); a robot's database
// key lookup on 1-million-row tables against the bare query (database-lookup.ts) — all measured
// in this one run on this machine. `BENCH_ONLY=flows` runs only the two flow parts, `BENCH_ONLY=databases`
// only the database lookups, `BENCH_ONLY=dashboard` only the dashboard summary on 1 million answers (dashboard.ts),
// `BENCH_ONLY=users-import` only a 10,000-row users import against inserting the same rows directly (users-import.ts).
import { fork } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { launchBrowser, newContext } from '../support/browser';
import { freePort } from '../../server/test/support/free-port';
import { ADMIN, ensureBuilds, startServer } from '../support/server';
import { startFakeOpenAi } from '../../server/test/support/fake-openai';
import { afterLoginLines, benchAfterLogin } from './after-login';
import { APP_MESSAGE_BOX, benchUsable, median } from './first-paint';
import { benchFlowEditor, flowEditorLines } from './flow-editor';
import { benchDashboard } from './dashboard';
import { benchDatabaseLookup } from './database-lookup';
import { benchFlowEngine } from './flow-engine';
import { benchIngestLatency } from './ingest-latency';
import { benchKnowledge } from './knowledge';
import { measureJs } from './page-weight';
import { benchUsersImport } from './users-import';
import { BENCH_MODEL, benchStreaming, UPSTREAM_DELAY_MS } from './streaming';

const KB = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
/** Rounds of the first-paint measures (floor, login page, share page each). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const ms = (value: number) => `${value.toFixed(0)} ms`;

async function loginToken(url: string): Promise<string> {
  const res = await fetch(`${url}/v1/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

async function seedRobots(url: string, token: string, count: number): Promise<void> {
  for (let i = 1; i <= count; i++) {
    const name = `bench-robot-${String(i).padStart(2, '0')}`;
    const res = await fetch(`${url}/v1/processes`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ name, description: `Benchmark robot number ${i}, answering customer questions.` }),
    });
    if (!res.ok) throw new Error(`seeding failed: ${res.status} ${await res.text()}`);
  }
}

async function requestsPerSecond(url: string, headers: Record<string, string> = {}): Promise<number> {
  const result = await autocannon({ url, connections: 10, duration: DURATION_S, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

async function startBare(payload: string): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const child = fork(join(import.meta.dirname, 'bare-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, PORT: String(port), BENCH_PAYLOAD: payload },
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare server exited ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/bare`, stop: () => child.kill() };
}

async function pages(url: string, shareId: string) {
  const browser = await launchBrowser();
  try {
    const context = await newContext(browser, url);
    const page = await context.newPage();
    const login = await measureJs(
      page,
      () => page.goto('/login'),
      () => page.locator('#fl-login-form button[type="submit"]').waitFor({ state: 'visible' }),
    );
    // A visitor on a fresh browser opens the share link: JS until the app has taken over the message
    // box (the page's static box takes typing before any JS).
    const visitor = await (await newContext(browser, url)).newPage();
    const chat = await measureJs(
      visitor,
      () => visitor.goto(`/chat/${shareId}`),
      () => visitor.locator(APP_MESSAGE_BOX).waitFor({ state: 'visible', timeout: 60000 }),
    );
    const usable = await benchUsable(browser, url, shareId, ROUNDS);
    const afterLogin = await benchAfterLogin(browser, url, 'bench-robot-50', ROUNDS);
    const flowEditor = await benchFlowEditor(browser, url);
    return { login, chat, usable, afterLogin, flowEditor };
  } finally {
    await browser.close();
  }
}

const machine = () =>
  `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;

/** `BENCH_ONLY=flows`: the flow engine and the flow editor, on a server of their own. */
async function flowsOnly() {
  ensureBuilds();
  const server = await startServer({ FLOTILLA_LOG_LEVEL: 'error' });
  const browser = await launchBrowser();
  try {
    const flowEngine = await benchFlowEngine();
    const flowEditor = await benchFlowEditor(browser, server.url);
    const lines = [
      `Flotilla bench (flows) — ${new Date().toISOString()} — ${machine()}`,
      ...flowEngine.lines,
      ...flowEditorLines(flowEditor),
    ];
    console.log(`\n${lines.join('\n')}\n`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** `BENCH_ONLY=databases`: key lookups on 1-million-row tables, in-process. */
async function databasesOnly() {
  const databases = await benchDatabaseLookup();
  console.log(
    `\n${[`Flotilla bench (databases) — ${new Date().toISOString()} — ${machine()}`, ...databases.lines].join('\n')}\n`,
  );
}

async function main() {
  ensureBuilds();
  const upstream = await startFakeOpenAi({
    kind: 'answer',
    text: 'Your parcel left our warehouse this morning.',
    delayMs: UPSTREAM_DELAY_MS,
  });
  const server = await startServer({
    FLOTILLA_LOG_LEVEL: 'error',
    FLOTILLA_OPENAI_MODELS: JSON.stringify([{ ...BENCH_MODEL, baseUrl: upstream.baseUrl }]),
  });
  try {
    const token = await loginToken(server.url);
    const streaming = await benchStreaming(server.url, token, upstream.baseUrl);
    await seedRobots(server.url, token, 50);
    const { login, chat, usable, afterLogin, flowEditor } = await pages(server.url, streaming.shareId);
    const floorMs = median(usable.floor);

    const listUrl = `${server.url}/v1/processes?offset=0&limit=50`;
    const auth = { Authorization: `Bearer ${token}` };
    const payload = await (await fetch(listUrl, { headers: auth })).text();
    const bare = await startBare(payload);
    let bareRps: number;
    let apiRps: number;
    try {
      bareRps = await requestsPerSecond(bare.url);
      apiRps = await requestsPerSecond(listUrl, auth);
    } finally {
      bare.stop();
    }

    // In-process: the flow engine's own cost per node.
    const flowEngine = await benchFlowEngine();
    // In-process, on its own SQLite database; the server above is idle by now.
    const knowledge = await benchKnowledge();
    // API latency while a ~48 MB file is uploaded and ingested, on a server of its own.
    const ingesting = await benchIngestLatency();
    // In-process: a robot's key lookup on 1-million-row tables against the bare query.
    const databases = await benchDatabaseLookup();
    // In-process: the dashboard summary on 1 million answers, SQLite and PostgreSQL.
    const dashboard = await benchDashboard();
    // A 10,000-row users import end to end, on a server of its own, against inserting the same rows directly.
    const usersImport = await benchUsersImport();

    const lines = [
      `Flotilla bench — ${new Date().toISOString()} — ${machine()}`,
      `login form usable:        ${KB(login.gzipBytes)} gzipped JS in ${login.files} files   (target ≤ 120 KB)`,
      `password box usable:      median ${ms(median(usable.login))} from navigation start; floor (bare HTML form, gzipped, loopback) ${ms(floorMs)} → ratio ${(median(usable.login) / floorMs).toFixed(2)}   (target ≤ 1.5; ${ROUNDS} rounds each, alternating)`,
      `                          floor sent with our login page's security headers ${ms(median(usable.floorWithHeaders))} → ratio ${(median(usable.login) / median(usable.floorWithHeaders)).toFixed(2)}`,
      ...afterLoginLines(afterLogin),
      `GET /v1/processes (50):   ${apiRps.toFixed(0)} req/s; bare Fastify route, same payload (${KB(payload.length)}): ${bareRps.toFixed(0)} req/s`,
      `ratio api / bare:         ${(apiRps / bareRps).toFixed(2)}   (target ≥ 0.3)`,
      `share chat app ready:     ${KB(chat.gzipBytes)} gzipped JS in ${chat.files} files   (target ≤ 120 KB; the static message box needs none)`,
      `message box usable:       median ${ms(median(usable.chat))} from navigation start → ${(median(usable.chat) / floorMs).toFixed(2)} × the login floor, ${(median(usable.chat) / median(usable.floorWithHeaders)).toFixed(2)} × it with security headers   (target ≤ 1.5; ${ROUNDS} rounds, alternating)`,
      `                          the app took it over at median ${ms(median(usable.chatApp))} → ${(median(usable.chatApp) / floorMs).toFixed(2)} × the floor`,
      `first token, median:      upstream direct ${streaming.directMedian.toFixed(1)} ms, through /v2/qa ${streaming.qaMedian.toFixed(1)} ms → added ${(streaming.qaMedian - streaming.directMedian).toFixed(1)} ms   (target ≤ 5 ms; upstream delay ${UPSTREAM_DELAY_MS} ms)`,
      `concurrent streams:       ${streaming.concurrency} at once, ${streaming.errors} errors, all done in ${streaming.wallMs.toFixed(0)} ms   (target 0 errors)`,
      ...flowEngine.lines,
      ...flowEditorLines(flowEditor),
      ...knowledge.lines,
      ...ingesting.lines,
      ...databases.lines,
      ...dashboard.lines,
      ...usersImport.lines,
    ];
    console.log(`\n${lines.join('\n')}\n`);
  } finally {
    await server.stop();
    await upstream.close();
  }
}

/** `BENCH_ONLY=dashboard`: the dashboard summary on 1 million answers, in-process, SQLite and PostgreSQL. */
async function dashboardOnly() {
  const dashboard = await benchDashboard();
  console.log(
    `\n${[`Flotilla bench (dashboard) — ${new Date().toISOString()} — ${machine()}`, ...dashboard.lines].join('\n')}\n`,
  );
}

/** `BENCH_ONLY=users-import`: a 10,000-row users import end to end against inserting the same rows directly. */
async function usersImportOnly() {
  const usersImport = await benchUsersImport();
  console.log(
    `\n${[`Flotilla bench (users import) — ${new Date().toISOString()} — ${machine()}`, ...usersImport.lines].join('\n')}\n`,
  );
}

const ONLY: Record<string, () => Promise<void>> = {
  flows: flowsOnly,
  databases: databasesOnly,
  dashboard: dashboardOnly,
  'users-import': usersImportOnly,
};
await (ONLY[process.env.BENCH_ONLY ?? '']?.() ?? main());
