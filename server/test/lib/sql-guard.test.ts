import { randomBytes } from 'node:crypto';
import SQLite from 'better-sqlite3';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkReadOnlySql, type SqlDialect, type SqlRefusal } from '../../src/lib/sql-guard/index';

const TABLES = ['orders', 'Items'];
const DIALECTS: SqlDialect[] = ['sqlite', 'postgres', 'mysql'];

function allowed(sql: string, dialect: SqlDialect, maxRows = 100): string {
  const result = checkReadOnlySql(sql, { dialect, tables: TABLES, maxRows });
  expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
  return result.ok ? result.sql : '';
}

function refusal(sql: string, dialect: SqlDialect): { refusal: SqlRefusal; detail: string } | null {
  const result = checkReadOnlySql(sql, { dialect, tables: TABLES, maxRows: 100 });
  return result.ok ? null : { refusal: result.refusal, detail: result.detail };
}

const ALLOWED_QUERIES = [
  "select id, customer from orders where amount > 6 and customer like 'a%' order by id desc limit 10",
  'select o.id, i.sku from orders o join items i on i.order_id = o.id order by o.id, i.sku',
  'select customer, count(*) as n, sum(amount) as total from orders group by customer having sum(amount) > 1 order by total desc',
  'with big as (select * from orders where amount > 6) select count(*) from big',
  'select customer from orders union select sku from items',
  "select * from orders where id in (select order_id from items where sku = 'a')",
  'select coalesce(customer, lower(customer)), round(abs(max(amount)), 1), min(amount) from orders group by customer',
];

/** Rows compared as a set: without ORDER BY neither the original nor the rewrite promises an order. */
const unordered = (rows: unknown[]) => rows.map((row) => JSON.stringify(row)).sort();

describe('checkReadOnlySql: what it lets through', () => {
  for (const dialect of DIALECTS) {
    it.each(ALLOWED_QUERIES)(`${dialect}: %s`, (sql) => {
      expect(allowed(sql, dialect)).toMatch(/ LIMIT (10|100)$/);
    });
  }

  it('adds a LIMIT when missing and lowers one above the cap, keeping a lower one (sqlite, mysql)', () => {
    expect(allowed('select * from orders', 'sqlite', 50)).toBe('SELECT * FROM "orders" LIMIT 50');
    expect(allowed('select * from orders limit 5000', 'mysql', 50)).toBe('SELECT * FROM `orders` LIMIT 50');
    expect(allowed('select * from orders limit 7', 'sqlite', 50)).toBe('SELECT * FROM "orders" LIMIT 7');
    expect(allowed('select * from orders limit 10, 5000', 'mysql', 50)).toBe('SELECT * FROM `orders` LIMIT 10, 50');
    // SQLite reads a negative LIMIT as no limit at all.
    expect(allowed('select * from orders limit -1', 'sqlite', 50)).toBe('SELECT * FROM "orders" LIMIT 50');
  });

  it('caps a PostgreSQL statement with an outer LIMIT around the checked text, trailing ; and -- comment included', () => {
    expect(allowed('select * from Orders limit 5000;', 'postgres', 50)).toBe(
      'SELECT * FROM (\nselect * from Orders limit 5000\n) AS flotilla_capped LIMIT 50',
    );
    expect(allowed('select Sum(amount) AS Total from orders -- done', 'postgres', 50)).toBe(
      'SELECT * FROM (\nselect Sum(amount) AS Total from orders -- done\n) AS flotilla_capped LIMIT 50',
    );
  });

  it('lets a WITH RECURSIVE through: the row cap is what stops it (time limits belong to the connection)', () => {
    // Bounded at 100 000 here so that a broken cap fails the test instead of running forever.
    const bomb = 'with recursive n(x) as (select 1 union all select x + 1 from n where x < 100000) select x from n';
    const sql = allowed(bomb, 'sqlite', 20);
    const db = new SQLite(':memory:');
    expect(db.prepare(sql).all()).toHaveLength(20);
    db.close();
  });
});

describe('checkReadOnlySql: the rewritten SQLite statement means the same', () => {
  const db = new SQLite(':memory:');
  db.exec(`
    create table orders (id integer primary key, customer text, amount real);
    create table items (id integer primary key, order_id integer, sku text);
    insert into orders values (1, 'ann', 10.5), (2, 'bob', 20), (3, 'ann', 5), (4, 'cy', 7);
    insert into items values (1, 1, 'a'), (2, 1, 'b'), (3, 2, 'a'), (4, 3, 'c');
  `);
  afterAll(() => db.close());
  // Result column names of unnamed expressions follow the text (`COUNT(*)` for `count(*)`): values compared.
  const rows = (sql: string) => db.prepare(sql).raw().all();

  it.each(ALLOWED_QUERIES)('%s', (sql) => {
    expect(unordered(rows(allowed(sql, 'sqlite', 1000)))).toEqual(unordered(rows(sql)));
  });

  it('returns at most maxRows rows, in the same order', () => {
    const sql = 'select id from orders order by amount desc';
    expect(rows(allowed(sql, 'sqlite', 2))).toEqual(rows(sql).slice(0, 2));
    const union = 'select customer from orders union select sku from items order by 1';
    expect(rows(allowed(union, 'sqlite', 3))).toEqual(rows(union).slice(0, 3));
  });
});

const SEED = `
  create table orders (id integer primary key, customer varchar(20), amount numeric(10, 2));
  create table items (id integer primary key, order_id integer, sku varchar(20));
  insert into orders values (1, 'ann', 10.5), (2, 'bob', 20), (3, 'ann', 5), (4, 'cy', 7);
  insert into items values (1, 1, 'a'), (2, 1, 'b'), (3, 2, 'a'), (4, 3, 'c');
`;
const SEED_STATEMENTS = SEED.split(';').filter((statement) => statement.trim());
/** Rows as arrays of their values, as text (drivers answer decimals as strings). */
const values = (rows: unknown[]) => rows.map((row) => Object.values(row as object).map((value) => String(value)));

// The machine's PostgreSQL and MariaDB (docs: they run for every session and in CI), each in a schema of its own.
describe('checkReadOnlySql: the statement to run means the same on PostgreSQL', () => {
  const schema = `sql_guard_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({
    connectionString: process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
  });
  beforeAll(async () => {
    await client.connect();
    await client.query(`create schema ${schema}; set search_path to ${schema}`);
    for (const statement of SEED_STATEMENTS) await client.query(statement);
  });
  afterAll(async () => {
    await client.query(`drop schema ${schema} cascade`);
    await client.end();
  });
  const rows = async (sql: string) => values((await client.query(sql)).rows);

  it.each(ALLOWED_QUERIES)('%s', async (sql) => {
    expect(unordered(await rows(allowed(sql, 'postgres', 1000)))).toEqual(unordered(await rows(sql)));
  });

  it('returns at most maxRows rows, in the same order, mixed-case names included', async () => {
    const sql = 'select Id, Sum(amount) AS Total from Orders o group by o.id order by Total desc;';
    expect(await rows(allowed(sql, 'postgres', 2))).toEqual((await rows(sql)).slice(0, 2));
  });
});

describe('checkReadOnlySql: the statement to run means the same on MariaDB', () => {
  const database = `sql_guard_${randomBytes(4).toString('hex')}`;
  let connection: mysql.Connection;
  beforeAll(async () => {
    connection = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', password: '' });
    await connection.query(`create database ${database}`);
    await connection.query(`use ${database}`);
    for (const statement of SEED_STATEMENTS) await connection.query(statement);
  });
  afterAll(async () => {
    await connection.query(`drop database ${database}`);
    await connection.end();
  });
  const rows = async (sql: string) => values((await connection.query(sql))[0] as unknown[]);

  it.each(ALLOWED_QUERIES)('%s', async (sql) => {
    expect(unordered(await rows(allowed(sql, 'mysql', 1000)))).toEqual(unordered(await rows(sql)));
  });

  it('returns at most maxRows rows, in the same order', async () => {
    const sql = 'select id, sum(amount) as total from orders group by id order by total desc';
    expect(await rows(allowed(sql, 'mysql', 2))).toEqual((await rows(sql)).slice(0, 2));
  });
});

describe('checkReadOnlySql: what it refuses', () => {
  const EVERY_DIALECT: Array<[string, SqlRefusal]> = [
    ['delete from orders', 'NOT_SELECT'],
    ['drop table orders', 'NOT_SELECT'],
    ["update orders set customer = 'x'", 'NOT_SELECT'],
    ["insert into orders (customer) values ('x')", 'NOT_SELECT'],
    ['select 1; drop table orders', 'NOT_ONE_STATEMENT'],
    ['select 1 /* */; delete from orders', 'NOT_ONE_STATEMENT'],
    ['', 'NOT_ONE_STATEMENT'],
    ['-- nothing', 'NOT_ONE_STATEMENT'],
    ['select from where (', 'SQL_PARSE_FAILED'],
    ['select pg_sleep(10)', 'FUNCTION_NOT_ALLOWED'],
    ['select sleep(5)', 'FUNCTION_NOT_ALLOWED'],
    ["select load_file('/etc/passwd')", 'FUNCTION_NOT_ALLOWED'],
    ["select pg_read_file('x')", 'FUNCTION_NOT_ALLOWED'],
    ['select id from orders where id = (select count(*) from items where benchmark(1, 1) > 0)', 'FUNCTION_NOT_ALLOWED'],
    ['select * from information_schema.tables', 'SYSTEM_CATALOG'],
    ['select * from pg_catalog.pg_user', 'SYSTEM_CATALOG'],
    ['select * from mysql.user', 'SYSTEM_CATALOG'],
    ['select * from sqlite_master', 'SYSTEM_CATALOG'],
    ['select * from pg_user', 'SYSTEM_CATALOG'],
    ['select * from customers', 'TABLE_NOT_ALLOWED'],
    ['select * from other_db.orders', 'TABLE_NOT_ALLOWED'],
    ['select * from orders o join secrets s on s.id = o.id', 'TABLE_NOT_ALLOWED'],
    ['select * from orders where id in (select id from secrets)', 'TABLE_NOT_ALLOWED'],
    ['with x as (select * from secrets) select * from x', 'TABLE_NOT_ALLOWED'],
    // A CTE name covers only its own statement: the outer `x` is a real table.
    ['select * from (with x as (select * from orders) select * from x) t, x', 'TABLE_NOT_ALLOWED'],
    // Without RECURSIVE a CTE body cannot mean itself, so `x` there is a table.
    ['with x as (select * from x) select * from x', 'TABLE_NOT_ALLOWED'],
  ];
  for (const dialect of DIALECTS) {
    it.each(EVERY_DIALECT)(`${dialect}: %s → %s`, (sql, code) => {
      expect(refusal(sql, dialect)?.refusal).toBe(code);
    });
  }

  it('names the table or function in detail, for the logs', () => {
    expect(refusal('select * from other_db.orders', 'mysql')).toEqual({
      refusal: 'TABLE_NOT_ALLOWED',
      detail: 'other_db.orders',
    });
    expect(refusal('select pg_sleep(10)', 'postgres')).toEqual({ refusal: 'FUNCTION_NOT_ALLOWED', detail: 'pg_sleep' });
    expect(refusal('select pg_catalog.pg_sleep(10)', 'postgres')?.refusal).toBe('FUNCTION_NOT_ALLOWED');
  });

  it('refuses system catalogs even when the caller lists them', () => {
    const result = checkReadOnlySql('select * from sqlite_master', {
      dialect: 'sqlite',
      tables: ['sqlite_master'],
      maxRows: 10,
    });
    expect(result).toMatchObject({ ok: false, refusal: 'SYSTEM_CATALOG' });
  });

  it('allows only the bound schema as a qualifier', () => {
    expect(allowed('select * from main.orders', 'sqlite')).toContain('"main"."orders"');
    expect(allowed('select * from public.orders', 'postgres')).toContain('public.orders');
    expect(refusal('select * from public.orders', 'sqlite')?.refusal).toBe('TABLE_NOT_ALLOWED');
    expect(refusal('select * from main.orders', 'postgres')?.refusal).toBe('TABLE_NOT_ALLOWED');
    expect(refusal('select * from db.public.orders', 'postgres')?.refusal).toBe('TABLE_NOT_ALLOWED');
  });

  it('refuses MySQL locking reads and INTO', () => {
    expect(refusal('select * from orders for update', 'mysql')?.refusal).toBe('LOCKING_CLAUSE');
    expect(refusal('select * from orders lock in share mode', 'mysql')?.refusal).toBe('LOCKING_CLAUSE');
    expect(refusal("select * into outfile '/tmp/x' from orders", 'mysql')?.refusal).toBe('INTO_CLAUSE');
    expect(refusal("select * from orders into dumpfile '/tmp/x'", 'mysql')?.refusal).toBe('INTO_CLAUSE');
    expect(refusal('select id into @v from orders', 'mysql')?.refusal).toBe('INTO_CLAUSE');
    expect(refusal('select * into copy_of_orders from orders', 'postgres')?.refusal).toBe('INTO_CLAUSE');
  });

  it('refuses what the parser cannot read in PostgreSQL and SQLite: locking clauses, data-modifying CTEs', () => {
    expect(refusal('select * from orders for update', 'postgres')?.refusal).toBe('SQL_PARSE_FAILED');
    expect(refusal('select * from orders for share nowait', 'postgres')?.refusal).toBe('SQL_PARSE_FAILED');
    expect(refusal('select * from orders for update', 'sqlite')?.refusal).toBe('SQL_PARSE_FAILED');
    expect(refusal('with d as (delete from orders returning *) select * from d', 'postgres')?.refusal).toBe(
      'SQL_PARSE_FAILED',
    );
  });

  it('refuses statements other than SELECT in each dialect', () => {
    expect(refusal("attach database 'x' as y", 'sqlite')?.refusal).toBe('NOT_SELECT');
    expect(refusal('set @a = 1', 'mysql')?.refusal).toBe('NOT_SELECT');
    expect(refusal('call p()', 'mysql')?.refusal).toBe('NOT_SELECT');
    expect(refusal('grant select on orders to x', 'postgres')?.refusal).toBe('NOT_SELECT');
    expect(refusal('pragma table_info(orders)', 'sqlite')?.refusal).not.toBeUndefined();
  });

  it('refuses table-valued and extension functions of SQLite', () => {
    expect(refusal("select load_extension('x')", 'sqlite')?.refusal).toBe('FUNCTION_NOT_ALLOWED');
    expect(refusal('select randomblob(1000000000)', 'sqlite')?.refusal).toBe('FUNCTION_NOT_ALLOWED');
  });

  it('refuses server variables and catalog casts', () => {
    expect(refusal('select @@datadir', 'mysql')).toEqual({ refusal: 'SYSTEM_CATALOG', detail: '@@datadir' });
    expect(refusal('select @a', 'mysql')?.refusal).toBe('SYSTEM_CATALOG');
    expect(refusal("select 'orders'::regclass", 'postgres')?.refusal).toBe('SYSTEM_CATALOG');
  });

  it('drops what MySQL would run from a comment: the statement to run is written from the tree', () => {
    expect(allowed('select * from orders where id = 1 /*!50000 or sleep(5) */', 'mysql')).toBe(
      'SELECT * FROM `orders` WHERE `id` = 1 LIMIT 100',
    );
  });

  it('refuses a NATURAL JOIN the parser misreads as a cross join', () => {
    expect(refusal('select * from orders natural join items', 'sqlite')?.refusal).toBe('SQL_PARSE_FAILED');
  });

  it('caps the length before parsing', () => {
    const long = `select ${'1 + '.repeat(4998)}1`.padEnd(20_000, ' ');
    expect(long).toHaveLength(20_000);
    expect(refusal(long, 'sqlite')).toEqual({ refusal: 'SQL_TOO_LONG', detail: '20000 characters, at most 10000' });
  });

  it('refuses a bad row cap from the caller', () => {
    expect(() => checkReadOnlySql('select 1', { dialect: 'sqlite', tables: [], maxRows: 0 })).toThrow(RangeError);
  });
});
