// Users import bench (part of `pnpm bench`; alone: `BENCH_ONLY=users-import pnpm bench`): a 10,000-row xlsx
// (written with exceljs) imported end to end through the real server on SQLite — the preview (upload, read in
// the parser process, every row checked against the users table), then `POST /v1/users/import` and its
// importUsers task until done (the file read and checked again, 10,000 passwords hashed with the server's scrypt,
// one transaction). The baseline, in the same run on the same machine: the same rows inserted directly — the
// same hashes (the server's hashPassword, 4 at a time) and one transaction of prepared INSERTs into a bare
// SQLite table of the users' columns — so what the import adds is the difference.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ImportUsersResponse, Task, UserImportPreviewResponse } from '@flotilla/shared/contracts';
import { hashPassword } from '../../server/src/lib/password';
import { ADMIN, startServer } from '../support/server';

const serverRequire = createRequire(new URL('../../server/package.json', import.meta.url));
/** What the bench uses of exceljs (the server's dependency, not the e2e package's). */
type Workbook = {
  addWorksheet(name: string): { addRow(values: unknown[]): unknown };
  xlsx: { writeBuffer(): Promise<ArrayBuffer> };
};
const ExcelJS = serverRequire('exceljs') as { Workbook: new () => Workbook };
type RawDatabase = {
  prepare(sql: string): { run(...params: unknown[]): unknown };
  exec(sql: string): void;
  transaction<T extends (...args: never[]) => unknown>(fn: T): T;
  close(): void;
};
const SQLite = serverRequire('better-sqlite3') as new (file: string) => RawDatabase;

const ROWS = Number(process.env.BENCH_USERS_ROWS ?? 10_000);
/** The server's own parallelism for hashing (libuv's pool of 4 threads). */
const HASHING = 4;

type Row = { username: string; nickname: string; phone: string; password: string; role: string };
const rows: Row[] = Array.from({ length: ROWS }, (_, i) => ({
  username: `bench.user${i + 1}`,
  nickname: `Bench user ${i + 1}`,
  phone: String(15000000000 + i),
  password: `bench-password-${i + 1}`,
  role: i % 10 === 0 ? 'operator' : 'agent',
}));

async function sheet(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const worksheet = workbook.addWorksheet('users');
  worksheet.addRow(['username', 'nickname', 'phone', 'password', 'role', 'isAgent']);
  for (const row of rows) worksheet.addRow([row.username, row.nickname, row.phone, row.password, row.role, '']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function call<T>(url: string, token: string, method: string, path: string, body?: FormData): Promise<T> {
  const res = await fetch(`${url}${path}`, { method, headers: { authorization: `Bearer ${token}` }, body });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return (await res.json()) as T;
}

const form = (bytes: Buffer) => {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(bytes)]), 'users.xlsx');
  return data;
};

/** The floor: the same hashes and one transaction of INSERTs into a bare table, in this process. */
async function direct(): Promise<{ hashMs: number; insertMs: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'flotilla-bench-users-'));
  const database = new SQLite(join(dir, 'bare.sqlite'));
  try {
    database.exec('PRAGMA journal_mode = WAL');
    database.exec(
      'CREATE TABLE users (id TEXT PRIMARY KEY, tenant_id TEXT NOT NULL, username TEXT NOT NULL UNIQUE, password_hash TEXT NOT NULL, ' +
        'nickname TEXT NOT NULL, avatar TEXT NOT NULL, phone TEXT NOT NULL, role TEXT NOT NULL, is_agent INTEGER NOT NULL, ban INTEGER NOT NULL, ' +
        'is_platform_owner INTEGER NOT NULL, permissions TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL)',
    );
    const started = performance.now();
    const hashes: string[] = [];
    for (let i = 0; i < rows.length; i += HASHING)
      hashes.push(...(await Promise.all(rows.slice(i, i + HASHING).map((row) => hashPassword(row.password)))));
    const hashed = performance.now();
    const insert = database.prepare('INSERT INTO users VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
    const now = new Date().toISOString();
    database.transaction(() => {
      rows.forEach((row, i) =>
        insert.run(
          randomUUID(),
          'tenant',
          row.username,
          hashes[i],
          row.nickname,
          '',
          row.phone,
          row.role,
          row.role === 'agent' ? 1 : 0,
          0,
          0,
          '[]',
          now,
          now,
        ),
      );
    })();
    return { hashMs: hashed - started, insertMs: performance.now() - hashed };
  } finally {
    database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchUsersImport(): Promise<{ lines: string[] }> {
  const bytes = await sheet();
  const server = await startServer({ FLOTILLA_LOG_LEVEL: 'error' });
  const loadBefore = loadavg()[0] as number;
  try {
    const login = await fetch(`${server.url}/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };

    const previewStarted = performance.now();
    const preview = await call<UserImportPreviewResponse>(
      server.url,
      token,
      'POST',
      '/v1/users/import/preview',
      form(bytes),
    );
    const previewMs = performance.now() - previewStarted;
    if (preview.valid !== ROWS) throw new Error(`preview: ${preview.invalid} invalid rows`);

    const started = performance.now();
    const { taskId } = await call<ImportUsersResponse>(server.url, token, 'POST', '/v1/users/import', form(bytes));
    const queuedMs = performance.now() - started;
    let task: Task | undefined;
    for (;;) {
      const page = await call<{ list: Task[] }>(server.url, token, 'GET', '/v1/tasks?offset=0&limit=20');
      task = page.list.find((candidate) => candidate.id === taskId);
      if (task && (task.status === 'done' || task.status === 'failed' || task.status === 'cancelled')) break;
      await sleep(200);
    }
    const importMs = performance.now() - started;
    if (task.status !== 'done') throw new Error(`the import ended ${task.status}: ${task.error}`);

    const floor = await direct();
    const floorMs = floor.hashMs + floor.insertMs;
    const s = (value: number) => `${(value / 1000).toFixed(1)} s`;
    return {
      lines: [
        `users import (${ROWS} rows, xlsx ${(bytes.length / 1024).toFixed(0)} KB): preview ${previewMs.toFixed(0)} ms (upload, parser process, every row checked); import ${s(importMs)} from the request to the task done (request answered in ${queuedMs.toFixed(0)} ms)`,
        `${''.padEnd(27)}the same rows inserted directly: ${s(floorMs)} (${s(floor.hashMs)} hashing the passwords, ${floor.insertMs.toFixed(0)} ms inserting in one transaction) → the import adds ${s(importMs - floorMs)}, ratio ${(importMs / floorMs).toFixed(2)}; load average ${loadBefore.toFixed(1)} before, ${(loadavg()[0] as number).toFixed(1)} after`,
      ],
    };
  } finally {
    await server.stop();
  }
}

// `node --import tsx bench/users-import.ts`: this part alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { lines } = await benchUsersImport();
  console.log(`\n${lines.join('\n')}\n`);
}
