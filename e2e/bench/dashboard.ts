// Dashboard bench (part of `pnpm bench`; alone: `BENCH_ONLY=dashboard pnpm bench`): `GET /v1/dashboard/summary`
// through the real app (app.inject: auth, validation, the route, the repository) over 90 days holding 1 million
// answers of 20 robots (half through 10 share links), on SQLite and on PostgreSQL, against the bare
// `count(*)` of the answers in the same range on the same database in the same run; and, once, the same charts
// grouped from the answers themselves (what the counts replace). Also timed: the first read in an offset
// (its days summed from the quarter-hour slots) and reads in a fifth offset (from the slots every time).
// Target: summary p95 ≤ 100 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp, type App } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { median } from './first-paint';

// kysely and pg are the server's dependencies, not e2e's.
const serverRequire = createRequire(new URL('../../server/package.json', import.meta.url));
type Fragment = { execute(db: App['db']): Promise<{ rows: unknown[] }> };
type SqlTag = ((strings: TemplateStringsArray, ...values: unknown[]) => Fragment) & {
  raw(text: string): Fragment;
  lit(value: number): Fragment;
};
const { sql } = serverRequire('kysely') as { sql: SqlTag };
type PgClient = { connect(): Promise<void>; query(text: string): Promise<unknown>; end(): Promise<void> };
const pg = serverRequire('pg') as { Client: new (config: object) => PgClient };

const ANSWERS = Number(process.env.BENCH_DASHBOARD_ANSWERS ?? 1_000_000);
const CALLS = Number(process.env.BENCH_DASHBOARD_CALLS ?? 200);
const ROBOTS = 20;
const DAYS = 90;
const PER_SESSION = 5;
const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN = { username: 'admin', password: 'bench-password-1' };
const DAY_MS = 86_400_000;

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.floor(values.length * p)]!;

/** Times of `calls` runs after a tenth as many to warm up. */
async function timed(calls: number, run: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < Math.max(1, calls / 10); i++) await run();
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times;
}

/**
 * 1 million answers of the admin's tenant, one every 90 days / 1M, robot by robot in turn, five to a session;
 * the sessions of even robots came through their share link. Written by SQL (a recursive series), then
 * counted into the slots by the same sums the answers' transactions keep.
 */
async function seed(app: App, token: string, postgres: boolean, firstDay: string) {
  const inject = (method: 'POST' | 'PUT', url: string, body?: object) =>
    app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(body ? { payload: body } : {}) });
  const robots: Array<{ processId: string; shareId: string | null }> = [];
  for (let i = 0; i < ROBOTS; i++) {
    const robot = (await inject('POST', '/v1/processes', { name: `bench-robot-${i}` })).json<{
      processId: string;
      adminId: string;
    }>();
    const share =
      i % 2 === 0
        ? (await inject('PUT', `/v1/users/${robot.adminId}/processes/${robot.processId}/share/enable`)).json<{
            shareId: string;
          }>().shareId
        : null;
    robots.push({ processId: robot.processId, shareId: share });
  }
  const db = app.db;
  const tenantId = (
    await db.selectFrom('users').select('tenantId').where('username', '=', ADMIN.username).executeTakeFirstOrThrow()
  ).tenantId;
  await sql`create temporary table bench_robots (n integer primary key, process_id text not null, share_id text)`.execute(
    db,
  );
  for (const [n, robot] of robots.entries())
    await sql`insert into bench_robots values (${n}, ${robot.processId}, ${robot.shareId})`.execute(db);

  const start = Date.parse(`${firstDay}T00:00:00Z`) / 1000;
  const step = (DAYS * 86_400) / ANSWERS;
  const at = (n: string) =>
    postgres
      ? sql.raw(`to_char(to_timestamp(${start} + ${n} * ${step}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`)
      : sql.raw(`strftime('%Y-%m-%dT%H:%M:%fZ', ${start} + ${n} * ${step}, 'unixepoch')`);
  const series = (count: number) =>
    postgres
      ? sql.raw(`select generate_series(0, ${count - 1}) as n`)
      : sql.raw(
          `with recursive s(n) as (select 0 union all select n + 1 from s where n < ${count - 1}) select n from s`,
        );
  const sessions = Math.ceil(ANSWERS / PER_SESSION);
  // Session k holds answers k·5 … k·5+4; answer i belongs to robot i mod 20, so session k to robot (k·5) mod 20.
  await sql`insert into chat_sessions (session_id, tenant_id, process_id, user_id, channel, title, topic, chat_completion_type, share_id, created_at, updated_at)
    select 'bench-' || s.n, ${tenantId}, r.process_id, 'visitor-' || s.n, 'visitor', 'bench', '', 'chat', r.share_id, ${at('s.n * 5')}, ${at('s.n * 5')}
    from (${series(sessions)}) s join bench_robots r on r.n = (s.n * ${sql.lit(PER_SESSION)}) % ${sql.lit(ROBOTS)}`.execute(
    db,
  );
  await sql`insert into completions (id, tenant_id, process_id, session_id, user_id, channel, question, answer, model, cost, status, feedback, fallback, trace, created_at)
    select 'bench-' || s.n, ${tenantId}, r.process_id, 'bench-' || (s.n / ${sql.lit(PER_SESSION)}), 'visitor', 'visitor', 'Where is my parcel?', 'On its way.', 'paid', 2, 'done',
      case when s.n % 10 = 0 then 'like' when s.n % 25 = 0 then 'dislike' else null end,
      case when s.n % 8 = 0 then 1 else 0 end, '[]', ${at('s.n')}
    from (${series(ANSWERS)}) s join bench_robots r on r.n = s.n % ${sql.lit(ROBOTS)}`.execute(db);
  const slotOf = postgres
    ? sql`floor(extract(epoch from c.created_at::timestamptz) / 900)::integer`
    : sql`cast(strftime('%s', c.created_at) as integer) / 900`;
  await sql`insert into dashboard_slots (tenant_id, slot, process_id, share_id, answers, fallbacks, likes, dislikes, credits, sessions)
    select c.tenant_id, ${slotOf}, c.process_id, coalesce(cs.share_id, ''), count(*), sum(c.fallback),
      sum(case when c.feedback = 'like' then 1 else 0 end), sum(case when c.feedback = 'dislike' then 1 else 0 end),
      sum(c.cost), sum(case when c.created_at = cs.created_at then 1 else 0 end)
    from completions c join chat_sessions cs on cs.session_id = c.session_id
    where c.tenant_id = ${tenantId}
    group by c.tenant_id, ${slotOf}, c.process_id, coalesce(cs.share_id, '')`.execute(db);
  await sql`analyze`.execute(db);
  const { count } = await db
    .selectFrom('dashboardSlots')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return { tenantId, slotRows: Number(count) };
}

async function side(name: string, postgres: boolean): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'flotilla-bench-dashboard-'));
  const staticDir = mkdtempSync(join(tmpdir(), 'flotilla-bench-static-'));
  const schema = `bench_dashboard_${process.pid}`;
  if (postgres) {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
  }
  const app = await buildApp({
    ...loadConfig({}),
    logLevel: 'silent',
    adminUser: ADMIN.username,
    adminPassword: ADMIN.password,
    dataDir,
    staticDir,
    ...(postgres ? { databaseUrl: PG_URL, databaseSchema: schema } : {}),
  });
  try {
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/v1/login', payload: ADMIN });
    const token = login.json<{ token: string }>().token;
    const firstDay = new Date(Date.now() - DAYS * DAY_MS).toISOString().slice(0, 10);
    const lastDay = new Date(Date.parse(`${firstDay}T00:00:00Z`) + (DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
    let started = performance.now();
    const { tenantId, slotRows } = await seed(app, token, postgres, firstDay);
    const seeded = (performance.now() - started) / 1000;

    let answers = 0;
    const ask = async (utcOffset: number) => {
      const url = `/v1/dashboard/summary?from=${firstDay}&to=${lastDay}&utcOffset=${utcOffset}`;
      const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`summary: ${res.statusCode} ${res.body}`);
      answers = res.json<{ answers: { total: number } }>().answers.total;
    };
    // The first read in an offset sums the tenant's slots into days once; later ones read the days.
    started = performance.now();
    await ask(480);
    const firstRead = performance.now() - started;
    const summary = await timed(CALLS, () => ask(480));
    // A viewer in a fifth offset (four others counted already) is summed from the slots on every read.
    for (const offset of [0, 60, -300]) await ask(offset);
    const fromSlots = await timed(Math.max(5, CALLS / 10), () => ask(330));
    const from = new Date(Date.parse(`${firstDay}T00:00:00Z`) - 480 * 60_000).toISOString();
    const to = new Date(Date.parse(`${lastDay}T00:00:00Z`) + DAY_MS - 480 * 60_000).toISOString();
    const bare = await timed(CALLS, () =>
      sql`select count(*) from completions where tenant_id = ${tenantId} and created_at >= ${from} and created_at < ${to}`.execute(
        app.db,
      ),
    );
    // What the slots replace: the per-day, per-robot sums read from the answers themselves.
    started = performance.now();
    const day = sql`substr(created_at, 1, 10)`;
    await sql`select process_id, ${day} as day, count(*), sum(fallback), sum(cost),
        sum(case when feedback = 'like' then 1 else 0 end), sum(case when feedback = 'dislike' then 1 else 0 end)
      from completions where tenant_id = ${tenantId} and created_at >= ${from} and created_at < ${to}
      group by process_id, ${day}`.execute(app.db);
    const grouped = performance.now() - started;
    const p95 = percentile(summary, 0.95);
    return [
      `  ${name}: ${answers.toLocaleString('en')} answers in range (${slotRows.toLocaleString('en')} slot rows, seeded in ${seeded.toFixed(0)} s) · ` +
        `summary p50 ${median(summary).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (target ≤ 100 ms${p95 <= 100 ? ', met' : ', NOT met'}); ` +
        `first read in an offset ${firstRead.toFixed(0)} ms; a fifth offset, from the slots, p50 ${median(fromSlots).toFixed(0)} ms · ` +
        `bare count(*) over the range p50 ${median(bare).toFixed(1)} ms, p95 ${percentile(bare, 0.95).toFixed(1)} ms · ` +
        `the same charts grouped from the answers: ${grouped.toFixed(0)} ms`,
    ];
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(staticDir, { recursive: true, force: true });
    if (postgres) {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    }
  }
}

export async function benchDashboard(): Promise<{ lines: string[] }> {
  const lines = [
    `Dashboard summary: ${ANSWERS.toLocaleString('en')} answers over ${DAYS} days, ${ROBOTS} robots, ${CALLS} calls per side, viewer at UTC+08:00`,
  ];
  lines.push(...(await side('SQLite', false)));
  lines.push(...(await side('PostgreSQL', true)));
  return { lines };
}
