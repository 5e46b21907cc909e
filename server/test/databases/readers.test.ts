import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseQueryError, type DatabaseReader } from '../../src/databases/reader';
import { BuiltinQueryProcesses, builtinReader, mysqlReader, postgresReader } from '../../src/databases/readers';
import { startsAsQuery } from '../../src/databases/readers/mysql-reader';

// The real PostgreSQL and MariaDB of this machine and of CI, and a built-in SQLite file.
const PG = new URL(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
const pgTarget = {
  kind: 'postgres' as const,
  host: PG.hostname,
  address: PG.hostname,
  port: Number(PG.port || 5432),
  database: PG.pathname.slice(1) || 'test',
  user: decodeURIComponent(PG.username || 'postgres'),
};
const mariaTarget = {
  kind: 'mysql' as const,
  host: '127.0.0.1',
  address: '127.0.0.1',
  port: 3306,
  database: 'test',
  user: 'root',
};

const table = `orders_${randomBytes(4).toString('hex')}`;
const ORDERS = [
  ['A1001', 'shipped', 3],
  ['A1002', 'in transit', 1],
  ['A1003', 'delivered', 2],
] as const;

type Kind = {
  name: string;
  reader: () => DatabaseReader;
  /** Runs statements with write access, outside the reader. */
  admin: (sql: string) => Promise<unknown[][]>;
  sleep: string;
  /** A statement that runs far longer than any timeout on this database. */
  endless: string;
};

let dir: string;
let processes: BuiltinQueryProcesses;
let sqlitePath: string;
const pgAdmin = new pg.Pool({ ...pgTarget, host: pgTarget.address, max: 2 });
let mariaAdmin: mysql.Pool;

const kinds: Kind[] = [
  {
    name: 'built-in SQLite',
    reader: () => builtinReader(sqlitePath, processes),
    admin: async (sql) => {
      const database = new SQLite(sqlitePath);
      try {
        const statement = database.prepare(sql);
        return statement.reader ? (statement.raw(true).all() as unknown[][]) : (statement.run(), []);
      } finally {
        database.close();
      }
    },
    sleep: '',
    endless: 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c',
  },
  {
    name: 'PostgreSQL',
    reader: () => postgresReader(pgTarget),
    admin: async (sql) => (await pgAdmin.query({ text: sql, rowMode: 'array' })).rows as unknown[][],
    sleep: 'SELECT pg_sleep(30)',
    endless: 'SELECT pg_sleep(30)',
  },
  {
    name: 'MariaDB',
    reader: () => mysqlReader(mariaTarget),
    admin: async (sql) => {
      const [rows] = await mariaAdmin.query({ sql, rowsAsArray: true });
      return Array.isArray(rows) ? (rows as unknown[][]) : [];
    },
    sleep: 'SELECT SLEEP(30)',
    endless:
      'SELECT COUNT(*) FROM information_schema.COLUMNS a, information_schema.COLUMNS b, information_schema.COLUMNS c',
  },
];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flotilla-readers-'));
  sqlitePath = join(dir, 'orders.sqlite');
  new SQLite(sqlitePath).close();
  processes = new BuiltinQueryProcesses(1);
  mariaAdmin = mysql.createPool({ ...mariaTarget, host: mariaTarget.address, password: '', connectionLimit: 2 });
  for (const kind of kinds) {
    const text = kind.name === 'MariaDB' ? 'VARCHAR(100)' : 'TEXT';
    await kind.admin(
      `CREATE TABLE ${table} (id INTEGER PRIMARY KEY, order_no VARCHAR(20) NOT NULL UNIQUE, status ${text}, items INTEGER)`,
    );
    for (const [index, [orderNo, status, items]] of ORDERS.entries())
      await kind.admin(`INSERT INTO ${table} VALUES (${index + 1}, '${orderNo}', '${status}', ${items})`);
  }
});

afterAll(async () => {
  for (const kind of kinds) await kind.admin(`DROP TABLE IF EXISTS ${table}`).catch(() => undefined);
  processes.close();
  await pgAdmin.end();
  await mariaAdmin.end();
  await rm(dir, { recursive: true, force: true });
});

describe.each(kinds)('$name reader', (kind) => {
  let reader: DatabaseReader;
  beforeAll(() => {
    reader = kind.reader();
  });
  afterAll(() => reader.close());

  const byOrderNo = () =>
    `SELECT order_no, status, items FROM ${reader.quote(table)} WHERE ${reader.quote('order_no')} = ${reader.placeholder(1)}`;

  it('lists the table with its columns, its primary key and its unique column', async () => {
    const found = (await reader.tables()).find((candidate) => candidate.name === table);
    expect(found?.columns.map((column) => [column.name, column.primaryKey, column.unique])).toEqual([
      ['id', true, kind.name !== 'built-in SQLite'],
      ['order_no', false, true],
      ['status', false, false],
      ['items', false, false],
    ]);
    expect(found?.columns[3]?.type).toMatch(/int/);
  });

  it('finds a row by a parameter, the value never part of the SQL', async () => {
    const rows = await reader.select({ sql: byOrderNo(), params: ['A1002'], origin: 'code' });
    expect(rows.columns).toEqual(['order_no', 'status', 'items']);
    expect(rows.rows).toEqual([['A1002', 'in transit', 1]]);
    const injected = await reader.select({ sql: byOrderNo(), params: ["A1002' OR '1'='1"], origin: 'code' });
    expect(injected.rows).toEqual([]);
  });

  it('returns at most maxRows rows', async () => {
    const rows = await reader.select(
      { sql: `SELECT order_no FROM ${reader.quote(table)} ORDER BY id`, origin: 'model' },
      { maxRows: 2 },
    );
    expect(rows.rows).toEqual([['A1001'], ['A1002']]);
  });

  it.each(['code', 'model'] as const)(
    'refuses to write even when %s hands it a write, and the rows stay',
    async (origin) => {
      for (const sql of [`DELETE FROM ${table}`, `UPDATE ${table} SET status = 'lost'`, `DROP TABLE ${table}`]) {
        await expect(reader.select({ sql, origin })).rejects.toBeInstanceOf(DatabaseQueryError);
      }
      expect(await kind.admin(`SELECT order_no, status FROM ${table} ORDER BY id`)).toEqual(
        ORDERS.map(([orderNo, status]) => [orderNo, status]),
      );
    },
  );

  it('refuses a write hidden after a first statement that ends the read-only transaction, and the rows stay', async () => {
    const sql = `SELECT 1; COMMIT; BEGIN READ WRITE; DELETE FROM ${table}; COMMIT`;
    await expect(reader.select({ sql, origin: 'model' })).rejects.toBeInstanceOf(DatabaseQueryError);
    expect(await kind.admin(`SELECT order_no FROM ${table} ORDER BY id`)).toEqual(ORDERS.map(([orderNo]) => [orderNo]));
  });

  it.each(['code', 'model'] as const)('runs nothing but a query when %s hands it ATTACH', async (origin) => {
    const other = join(dir, `other-${origin}.sqlite`);
    const attach = kind.name === 'built-in SQLite' ? `ATTACH DATABASE '${other}' AS other` : 'SET @a = 1';
    await expect(reader.select({ sql: attach, origin })).rejects.toBeInstanceOf(DatabaseQueryError);
    if (kind.name === 'built-in SQLite') {
      const listed = await reader.select({ sql: 'SELECT name FROM pragma_database_list', origin });
      expect(listed.rows.map(([name]) => name)).toEqual(['main']);
    }
  });

  it('stops a statement at its timeout with TIMEOUT, and the next statement runs', async () => {
    const error = await reader.select({ sql: kind.endless, origin: 'model' }, { timeoutMs: 300 }).catch((e) => e);
    expect(error).toBeInstanceOf(DatabaseQueryError);
    expect((error as DatabaseQueryError).code).toBe('TIMEOUT');
    const rows = await reader.select({ sql: byOrderNo(), params: ['A1003'], origin: 'model' });
    expect(rows.rows).toEqual([['A1003', 'delivered', 2]]);
  });

  it('says TABLE_GONE for a table that is not there', async () => {
    const error = await reader
      .select({ sql: `SELECT * FROM ${reader.quote(`${table}_missing`)}`, origin: 'code' })
      .catch((e) => e);
    expect((error as DatabaseQueryError).code).toBe('TABLE_GONE');
  });
});

describe.each([
  ['PostgreSQL', () => postgresReader({ ...pgTarget, database: 'no_such_database_here' })],
  ['MariaDB', () => mysqlReader({ ...mariaTarget, database: 'no_such_database_here' })],
])('%s reader of a database the server does not have', (_, open) => {
  it('fails with DATABASE_NOT_FOUND, the code that says what to fix', async () => {
    const reader = open();
    const error = await reader.tables().catch((e: unknown) => e);
    await reader.close();
    expect((error as DatabaseQueryError).code).toBe('DATABASE_NOT_FOUND');
  });
});

/** A TCP relay to a database that can go silent: bytes stop flowing both ways while the sockets stay open. */
async function relay(port: number) {
  let silent = false;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', end).on('close', end);
    }
    client.on('data', (chunk) => silent || upstream.write(chunk));
    upstream.on('data', (chunk) => silent || client.write(chunk));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    silence: () => (silent = true),
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

describe.each([
  ['PostgreSQL', pgTarget.port, (port: number) => postgresReader({ ...pgTarget, port })],
  ['MariaDB', mariaTarget.port, (port: number) => mysqlReader({ ...mariaTarget, port })],
])('%s reader whose server goes silent', (_, port, open) => {
  it('gives up with TIMEOUT on a connection it already holds, not waiting for ever', async () => {
    const link = await relay(port);
    const reader = open(link.port);
    try {
      expect((await reader.select({ sql: 'SELECT 1', origin: 'code' })).rows).toEqual([[1]]);
      link.silence();
      const error = await reader.select({ sql: 'SELECT 1', origin: 'code' }, { timeoutMs: 300 }).catch((e) => e);
      expect((error as DatabaseQueryError).code).toBe('TIMEOUT');
    } finally {
      link.close();
      await reader.close();
    }
  });
});

describe('MySQL statements the reader lets through', () => {
  // MySQL commits a read-only transaction before DDL and runs it: the reader runs queries only.
  it.each([
    ['SELECT 1', true],
    ['  -- why\n (SELECT 1)', true],
    ['/* note */ WITH a AS (SELECT 1) SELECT * FROM a', true],
    ['DROP TABLE t', false],
    ['/*!50000 DROP TABLE t*/ SELECT 1', false],
    ['/*M! DROP TABLE t*/ SELECT 1', false],
    ['# comment\nDELETE FROM t', false],
  ])('%s → %s', (sql, allowed) => {
    expect(startsAsQuery(sql)).toBe(allowed);
  });
});
