// Database key lookup bench (part of `pnpm bench`; alone: `BENCH_ONLY=databases pnpm bench`): a robot's key
// lookup — the engine finds "A<n>" in the question, reads the table list, looks the value up in the key
// column through the database's reader (read-only transaction, statement timeout, row cap) and writes the
// answer sentence and the query log row — on a 1-million-row built-in table (SQLite, unique index on the key)
// and a 1-million-row PostgreSQL table, against the bare query on the same table in the same run: the same
// indexed SELECT through the driver on an open connection. Target: ≤ 5 ms added.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { lookUpDatabases, type LookupDeps } from '../../server/src/databases/robot-lookup/look-up-databases';
import type { DatabaseReader } from '../../server/src/databases/reader';
import { BuiltinQueryProcesses, builtinReader, postgresReader } from '../../server/src/databases/readers';
import { median } from './first-paint';

const serverRequire = createRequire(new URL('../../server/package.json', import.meta.url));
type RawStatement = { get(...params: unknown[]): unknown; run(...params: unknown[]): unknown };
type RawDatabase = {
  prepare(sql: string): RawStatement;
  exec(sql: string): void;
  transaction<T extends (...args: never[]) => unknown>(fn: T): T;
  close(): void;
};
const SQLite = serverRequire('better-sqlite3') as new (file: string, options?: { readonly?: boolean }) => RawDatabase;
type PgClient = {
  connect(): Promise<void>;
  query(sql: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  end(): Promise<void>;
};
const pg = serverRequire('pg') as { Client: new (config: object) => PgClient };

const ROWS = Number(process.env.BENCH_DATABASE_ROWS ?? 1_000_000);
const LOOKUPS = Number(process.env.BENCH_DATABASE_LOOKUPS ?? 2000);
const PG_URL = new URL(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
const PG_TABLE = `flotilla_bench_orders_${ROWS}`;
const STATUSES = ['paid', 'packed', 'shipped', 'in transit', 'delivered'];

/** Order number of row n: A1000001, A1000002… (codes the way shops write them). */
const orderNumber = (n: number) => 1_000_000 + n;

/** Order numbers looked up, spread over the table, the same for both sides. */
const keys = Array.from({ length: LOOKUPS }, (_, i) => `A${orderNumber(1 + ((i * 7919) % ROWS))}`);

function builtinTable(path: string): void {
  const database = new SQLite(path);
  database.exec('PRAGMA journal_mode = WAL');
  database.exec(
    'CREATE TABLE orders (id INTEGER PRIMARY KEY, order_no TEXT NOT NULL UNIQUE, status TEXT, carrier TEXT, items INTEGER)',
  );
  const insert = database.prepare('INSERT INTO orders VALUES (?, ?, ?, ?, ?)');
  database.transaction(() => {
    for (let n = 1; n <= ROWS; n++)
      insert.run(n, `A${orderNumber(n)}`, STATUSES[n % STATUSES.length], 'SF Express', 1 + (n % 5));
  })();
  database.close();
}

async function postgresTable(client: PgClient): Promise<void> {
  const { rows } = await client.query(`SELECT to_regclass($1) AS t`, [PG_TABLE]);
  if ((rows[0] as { t: string | null }).t !== null) return;
  await client.query(
    `CREATE TABLE ${PG_TABLE} (id INTEGER PRIMARY KEY, order_no TEXT NOT NULL UNIQUE, status TEXT, carrier TEXT, items INTEGER)`,
  );
  await client.query(
    `INSERT INTO ${PG_TABLE} SELECT g, 'A' || (1000000 + g), (ARRAY['paid','packed','shipped','in transit','delivered'])[1 + g % 5],
       'SF Express', 1 + g % 5 FROM generate_series(1, ${ROWS}) g`,
  );
  await client.query(`ANALYZE ${PG_TABLE}`);
}

/** Per-lookup times in ms, after a warm-up. */
async function timed(run: (key: string) => Promise<unknown>): Promise<number[]> {
  for (const key of keys.slice(0, 200)) await run(key);
  const times: number[] = [];
  for (const key of keys) {
    const started = performance.now();
    await run(key);
    times.push(performance.now() - started);
  }
  return times;
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.floor(values.length * p)]!;

/** The engine's lookup with the deps the server gives it: a log row written to an SQLite table, like the app's. */
function lookupDeps(reader: DatabaseReader, logPath: string): { deps: LookupDeps; close(): void } {
  const log = new SQLite(logPath);
  log.exec('PRAGMA journal_mode = WAL');
  log.exec(
    'CREATE TABLE IF NOT EXISTS database_queries (id TEXT PRIMARY KEY, database_id TEXT, process_id TEXT, session_id TEXT, question TEXT, mode TEXT, sql TEXT, rows INTEGER, ms REAL, refused TEXT)',
  );
  const insert = log.prepare('INSERT INTO database_queries VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const deps: LookupDeps = {
    databases: { get: async () => ({ name: 'Orders' }) },
    readers: { readerFor: async () => reader },
    notes: { list: async () => [] },
    queries: {
      record: async (_tenantId, entry) => {
        insert.run(
          randomUUID(),
          entry.databaseId,
          entry.processId,
          entry.sessionId,
          entry.question,
          entry.mode,
          entry.sql,
          entry.rows,
          entry.ms,
          entry.refused ?? null,
        );
      },
    },
  };
  return { deps, close: () => log.close() };
}

async function lookupTimes(reader: DatabaseReader, logPath: string): Promise<{ times: number[]; sample: string }> {
  const { deps, close } = lookupDeps(reader, logPath);
  let sample = '';
  try {
    const times = await timed(async (key) => {
      const result = await lookUpDatabases(deps, {
        tenantId: 'bench',
        processId: 'bench-robot',
        sessionId: 'bench-session',
        question: `订单 ${key} 到哪了？`,
        query: `订单 ${key} 到哪了？`,
        databaseIds: ['orders'],
        limit: 5,
        timeoutMs: 5000,
        locale: 'zh-CN',
        signal: new AbortController().signal,
      });
      if (result.rows.length !== 1) throw new Error(`lookup of ${key} found ${result.rows.length} rows`);
      sample = result.text;
    });
    return { times, sample };
  } finally {
    close();
  }
}

function line(name: string, bare: number[], lookup: number[]): string {
  const added = median(lookup) - median(bare);
  return (
    `${name}: bare query p50 ${median(bare).toFixed(3)} ms · robot lookup p50 ${median(lookup).toFixed(3)} ms, ` +
    `p95 ${percentile(lookup, 0.95).toFixed(3)} ms · added ${added.toFixed(3)} ms (target ≤ 5 ms${added <= 5 ? ', met' : ', NOT met'}) · ` +
    `ratio ${(median(lookup) / median(bare)).toFixed(1)}×`
  );
}

export async function benchDatabaseLookup(): Promise<{ lines: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'flotilla-bench-db-'));
  const lines: string[] = [];
  const processes = new BuiltinQueryProcesses(1);
  try {
    const path = join(dir, 'orders.sqlite');
    let started = performance.now();
    builtinTable(path);
    lines.push(
      `Database lookup: ${ROWS.toLocaleString('en')} rows, ${LOOKUPS} lookups per side; built-in table filled in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const bare = new SQLite(path, { readonly: true });
    const bareStatement = bare.prepare('SELECT * FROM orders WHERE order_no = ?');
    const builtinBare = await timed(async (key) => bareStatement.get(key));
    bare.close();
    const builtin = builtinReader(path, processes);
    const builtinLookup = await lookupTimes(builtin, join(dir, 'log-builtin.sqlite'));
    await builtin.close();
    lines.push(line('  built-in SQLite', builtinBare, builtinLookup.times));

    const client = new pg.Client({ connectionString: PG_URL.href });
    await client.connect();
    try {
      started = performance.now();
      await postgresTable(client);
      const pgBare = await timed((key) => client.query(`SELECT * FROM ${PG_TABLE} WHERE order_no = $1`, [key]));
      const target = {
        kind: 'postgres' as const,
        host: PG_URL.hostname,
        address: PG_URL.hostname,
        port: Number(PG_URL.port || 5432),
        database: PG_URL.pathname.slice(1) || 'test',
        user: decodeURIComponent(PG_URL.username || 'postgres'),
      };
      const reader = postgresReader(target);
      // The robot reads only the bench table: a reader over a schema with other tables lists them all.
      const onlyBench: DatabaseReader = {
        ...reader,
        tables: async () => (await reader.tables()).filter((table) => table.name === PG_TABLE),
      };
      const pgLookup = await lookupTimes(onlyBench, join(dir, 'log-pg.sqlite'));
      await reader.close();
      lines.push(line('  PostgreSQL', pgBare, pgLookup.times));
      lines.push(`  answer of the last lookup: ${pgLookup.sample.replaceAll('\n', ' / ')}`);
    } finally {
      await client.end();
    }
  } finally {
    processes.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return { lines };
}
