import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import ExcelJS from 'exceljs';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASE_TABLE_LIMITS,
  type Database,
  type DatabaseRow,
  type DatabaseRowsResponse,
  type DatabaseTable,
  type ImportPreviewResponse,
  type ImportTableResponse,
  type ValidationError,
} from '@flotilla/shared/contracts';
import { lookUpDatabases } from '../../src/databases/robot-lookup/look-up-databases';
import { useTestApp } from '../helper';
import { MARIADB_DATABASE, POSTGRES_DATABASE } from '../support/external-databases';
import { en } from '../support/datasets';
import { uploadForm } from '../support/documents';

const postgres = POSTGRES_DATABASE;
const mariadb = MARIADB_DATABASE;

const t = useTestApp();
let admin: string;
let operator: string;
let agent: string;

beforeAll(async () => {
  admin = await t.login();
  operator = (await t.createUser(admin, 'operator')).token;
  agent = (await t.createUser(admin, 'agent')).token;
});

async function builtin(token = operator): Promise<Database> {
  const res = await t.post('/v1/databases', {
    token,
    body: { name: `book ${randomBytes(3).toString('hex')}`, kind: 'builtin' },
  });
  expect(res.statusCode).toBe(200);
  return res.json<Database>();
}

const csv = (lines: string[]) => Buffer.from(lines.join('\n') + '\n');

function importFile(
  databaseId: string,
  filename: string,
  content: Buffer,
  fields: Record<string, string>,
  token = operator,
) {
  const form = uploadForm(filename, content, fields);
  return t.post(`/v1/databases/${databaseId}/tables/import`, {
    token,
    body: form.body,
    headers: { ...form.headers, ...en },
  });
}

function preview(databaseId: string, filename: string, content: Buffer, token = operator) {
  const form = uploadForm(filename, content);
  return t.post(`/v1/databases/${databaseId}/tables/import/preview`, {
    token,
    body: form.body,
    headers: { ...form.headers, ...en },
  });
}

const tables = async (databaseId: string, token = operator) => {
  const res = await t.get(`/v1/databases/${databaseId}/tables`, { token });
  expect(res.statusCode).toBe(200);
  return res.json<DatabaseTable[]>();
};
const rows = (databaseId: string, table: string, query = '', token = operator) =>
  t.get(`/v1/databases/${databaseId}/tables/${encodeURIComponent(table)}/rows${query}`, { token, headers: en });

const CUSTOMERS = csv([
  '\uFEFFid,name,vip,joined,balance,phone',
  '1,Ann,是,2024-01-05,12.5,13800000001',
  '2,Bob,否,2024-02-29,0,13800000002',
  '3,Cy,是,2023-12-31,-3.25,',
]);

describe('importing a csv into a built-in database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await builtin();
  });

  it('previews the header, inferred types and first rows, changing nothing', async () => {
    const res = await preview(database.id, 'customers.csv', CUSTOMERS);
    expect(res.statusCode).toBe(200);
    const body = res.json<ImportPreviewResponse>();
    expect(body.columns).toEqual([
      { name: 'id', type: 'integer' },
      { name: 'name', type: 'text' },
      { name: 'vip', type: 'boolean' },
      { name: 'joined', type: 'date' },
      { name: 'balance', type: 'number' },
      { name: 'phone', type: 'integer' },
    ]);
    expect(body.total).toBe(3);
    expect(body.rows[0]).toEqual(['1', 'Ann', '是', '2024-01-05', '12.5', '13800000001']);
    expect(body.rows[2]![5]).toBeNull();
    expect(await tables(database.id)).toEqual([]);
  });

  it('creates the table with typed values; unique key-like columns are keys, others not', async () => {
    const res = await importFile(database.id, 'customers.csv', CUSTOMERS, { table: 'customers' });
    expect(res.statusCode).toBe(200);
    expect(res.json<ImportTableResponse>()).toEqual({ table: 'customers', rows: 3 });
    const [table] = await tables(database.id);
    expect(table!.name).toBe('customers');
    expect(table!.gone).toBe(false);
    const keys = Object.fromEntries(table!.columns.map((column) => [column.name, column.key]));
    // id and phone look like keys; phone has an empty value, so only id is unique and present everywhere.
    expect(keys).toEqual({ id: true, name: false, vip: false, joined: false, balance: false, phone: false });
    const page = (await rows(database.id, 'customers')).json<DatabaseRowsResponse>();
    expect(page.total).toBe(3);
    expect(page.list[0]).toMatchObject({ id: 1, name: 'Ann', vip: true, joined: '2024-01-05', balance: 12.5 });
    expect(page.list[2]).toMatchObject({ vip: true, balance: -3.25, phone: null });
    expect(typeof page.list[0]!.$rowid).toBe('number');
  });

  it('the columns field overrides inferred types (phone numbers kept as text)', async () => {
    const res = await importFile(database.id, 'customers.csv', CUSTOMERS, {
      table: 'customers_text',
      columns: JSON.stringify([{ name: 'phone', type: 'text' }]),
    });
    expect(res.statusCode).toBe(200);
    const page = (await rows(database.id, 'customers_text')).json<DatabaseRowsResponse>();
    expect(page.list[0]!.phone).toBe('13800000001');
    const unknown = await importFile(database.id, 'customers.csv', CUSTOMERS, {
      table: 'customers_text',
      columns: JSON.stringify([{ name: 'mobile', type: 'text' }]),
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<ValidationError>().detail[0]!.loc).toEqual(['body', 'columns', 0, 'name']);
  });

  it('refuses a sheet with bad rows, naming exactly them, and creates no table', async () => {
    const lines = ['code,amount,day'];
    for (let i = 1; i <= 20; i++) lines.push(`C${i},${i},2024-03-${String(i).padStart(2, '0')}`);
    const content = csv(lines);
    // Types inferred from the good file, then three rows that do not fit them.
    const columns = JSON.stringify([
      { name: 'amount', type: 'integer' },
      { name: 'day', type: 'date' },
    ]);
    const bad = csv([
      ...lines.slice(0, 5),
      'C90,lots,2024-03-01',
      ...lines.slice(5, 9),
      'C91,3,someday',
      'C92,1.5,2024-02-30',
    ]);
    expect((await importFile(database.id, 'ok.csv', content, { table: 'ledger', columns })).statusCode).toBe(200);
    const res = await importFile(database.id, 'bad.csv', bad, { table: 'refused', columns });
    expect(res.statusCode).toBe(422);
    const detail = res.json<ValidationError>().detail;
    expect(detail.map((entry) => entry.loc)).toEqual([
      ['file', 6, 'amount'],
      ['file', 11, 'day'],
      ['file', 12, 'amount'],
      ['file', 12, 'day'],
    ]);
    expect(detail[0]!.msg).toBe('Not an integer');
    expect((await tables(database.id)).map((table) => table.name)).not.toContain('refused');
  });

  it('refuses a bad header naming the column', async () => {
    for (const [header, column] of [
      ['id,,name', 2],
      ['id,name,Name', 'Name'],
      ['id,$rowid', '$rowid'],
    ] as const) {
      const res = await importFile(database.id, 'h.csv', csv([header, '1,2,3']), { table: 'headers' });
      expect(res.statusCode, header).toBe(422);
      expect(res.json<ValidationError>().detail[0]!.loc).toEqual(['file', 1, column]);
    }
    expect((await tables(database.id)).map((table) => table.name)).not.toContain('headers');
  });

  it('replacing a table keeps the other tables and the notes of columns that still exist', async () => {
    const put = await t.put(`/v1/databases/${database.id}/tables/customers`, {
      token: operator,
      body: {
        description: 'our customers',
        columns: [
          { name: 'name', description: 'full name', key: true },
          { name: 'balance', description: 'in euros' },
        ],
      },
    });
    expect(put.statusCode).toBe(200);
    const replaced = csv(['id,name,city', '7,Dee,Oslo']);
    expect((await importFile(database.id, 'c.csv', replaced, { table: 'customers' })).statusCode).toBe(200);
    const all = await tables(database.id);
    expect(all.map((table) => table.name)).toEqual(expect.arrayContaining(['customers', 'customers_text', 'ledger']));
    const customers = all.find((table) => table.name === 'customers')!;
    expect(customers.description).toBe('our customers');
    expect(customers.columns).toEqual([
      { name: 'id', type: 'integer', key: true, description: '' },
      { name: 'name', type: 'text', key: true, description: 'full name' },
      { name: 'city', type: 'text', key: false, description: '' },
    ]);
    const page = (await rows(database.id, 'customers')).json<DatabaseRowsResponse>();
    expect(page.list).toEqual([{ $rowid: 1, id: 7, name: 'Dee', city: 'Oslo' }]);
  });

  it('an import whose name differs only in case replaces the table, and its notes follow it', async () => {
    expect((await importFile(database.id, 'o.csv', csv(['order_no', 'A1']), { table: 'Orders' })).statusCode).toBe(200);
    const put = await t.put(`/v1/databases/${database.id}/tables/Orders`, {
      token: operator,
      body: { description: 'shop orders', columns: [{ name: 'order_no', description: 'the number' }] },
    });
    expect(put.statusCode).toBe(200);
    expect((await importFile(database.id, 'o.csv', csv(['order_no', 'A2']), { table: 'orders' })).statusCode).toBe(200);
    const named = (await tables(database.id)).filter((table) => table.name.toLowerCase() === 'orders');
    expect(named).toEqual([
      {
        name: 'orders',
        description: 'shop orders',
        gone: false,
        columns: [{ name: 'order_no', type: 'text', key: true, description: 'the number' }],
      },
    ]);
  });

  it('refuses what is not csv or xlsx, and a reserved table name', async () => {
    const pdf = await importFile(database.id, 'x.pdf', Buffer.from('%PDF-1.4\n%%EOF'), { table: 'x' });
    expect(pdf.statusCode).toBe(422);
    const reserved = await importFile(database.id, 'c.csv', CUSTOMERS, { table: 'sqlite_master' });
    expect(reserved.statusCode).toBe(422);
    expect(reserved.json<ValidationError>().detail[0]!.loc).toEqual(['body', 'table']);
    const unnamed = await importFile(database.id, 'c.csv', CUSTOMERS, {});
    expect(unnamed.statusCode).toBe(422);
    expect(unnamed.json<ValidationError>().detail[0]!.loc).toEqual(['body', 'table']);
  });
});

describe('importing an xlsx', () => {
  it('reads the first sheet: numbers, booleans, real dates as ISO dates, formulas by their saved result', async () => {
    const database = await builtin();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Stock');
    sheet.addRow(['sku', 'count', 'active', 'since', 'total']);
    sheet.addRow(['A-1', 4, true, new Date(Date.UTC(2024, 0, 15)), { formula: 'B2*2', result: 8 }]);
    sheet.addRow(['A-2', 5, false, new Date(Date.UTC(2024, 5, 1)), { formula: 'B3*2', result: 10 }]);
    workbook.addWorksheet('Ignored').addRow(['x']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());

    const previewed = (await preview(database.id, 'stock.xlsx', bytes)).json<ImportPreviewResponse>();
    expect(previewed.columns.map((column) => column.type)).toEqual(['text', 'integer', 'boolean', 'date', 'integer']);
    const res = await importFile(database.id, 'stock.xlsx', bytes, { table: 'stock' });
    expect(res.statusCode).toBe(200);
    const page = (await rows(database.id, 'stock')).json<DatabaseRowsResponse>();
    expect(page.list.map(({ $rowid: _, ...row }) => row)).toEqual([
      { sku: 'A-1', count: 4, active: true, since: '2024-01-15', total: 8 },
      { sku: 'A-2', count: 5, active: false, since: '2024-06-01', total: 10 },
    ]);
  });

  it('refuses a formula saved without its result, naming its row and column', async () => {
    const database = await builtin();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sheet1');
    sheet.addRow(['a', 'b']);
    sheet.addRow([1, 2]);
    sheet.addRow([3, { formula: 'A3*2' }]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await importFile(database.id, 'f.xlsx', bytes, { table: 'formulas' });
    expect(res.statusCode).toBe(422);
    expect(res.json<ValidationError>().detail).toEqual([
      expect.objectContaining({ loc: ['file', 3, 'b'], type: 'IMPORT_FORMULA_NO_RESULT' }),
    ]);
  });
});

describe('rows of a built-in table', () => {
  let database: Database;
  beforeAll(async () => {
    database = await builtin();
    const lines = ['n,label'];
    for (let i = 1; i <= 45; i++) lines.push(`${i},row ${i}`);
    expect((await importFile(database.id, 'n.csv', csv(lines), { table: 'numbers' })).statusCode).toBe(200);
  });

  it('pages rows in rowid order with the total', async () => {
    const page = (await rows(database.id, 'numbers', '?offset=40&limit=10')).json<DatabaseRowsResponse>();
    expect(page.total).toBe(45);
    expect(page.list.map((row) => row.n)).toEqual([41, 42, 43, 44, 45]);
  });

  it('creates, updates and deletes a row, checking values against the column types', async () => {
    const base = `/v1/databases/${database.id}/tables/numbers/rows`;
    const created = await t.post(base, { token: operator, body: { values: { n: 46, label: 'new' } } });
    expect(created.statusCode).toBe(200);
    const row = created.json<DatabaseRow>();
    expect(row).toMatchObject({ n: 46, label: 'new' });
    const rowId = row.$rowid as number;

    const bad = await t.put(`${base}/${rowId}`, { token: operator, headers: en, body: { values: { n: 'forty' } } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<ValidationError>().detail[0]).toMatchObject({
      loc: ['body', 'values', 'n'],
      msg: 'Not an integer',
    });
    const unknown = await t.put(`${base}/${rowId}`, { token: operator, body: { values: { colour: 'red' } } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<ValidationError>().detail[0]!.loc).toEqual(['body', 'values', 'colour']);
    // Text that reads as an integer fits an integer column.
    const updated = await t.put(`${base}/${rowId}`, { token: operator, body: { values: { n: '47', label: null } } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<DatabaseRow>()).toMatchObject({ $rowid: rowId, n: 47, label: null });
    expect((await rows(database.id, 'numbers', '?limit=1')).json<DatabaseRowsResponse>().total).toBe(46);

    expect((await t.del(`${base}/${rowId}`, { token: operator })).statusCode).toBe(200);
    expect((await t.del(`${base}/${rowId}`, { token: operator })).statusCode).toBe(404);
    expect((await t.put(`${base}/${rowId}`, { token: operator, body: { values: { n: 1 } } })).statusCode).toBe(404);
    expect((await rows(database.id, 'numbers', '?limit=1')).json<DatabaseRowsResponse>().total).toBe(45);
  });

  it('a unique key column refuses a repeated value with 409', async () => {
    const keyed = await builtin();
    await importFile(keyed.id, 'k.csv', csv(['order_id,item', '100,pen', '101,ink']), { table: 'orders' });
    const res = await t.post(`/v1/databases/${keyed.id}/tables/orders/rows`, {
      token: operator,
      body: { values: { order_id: 100, item: 'copy' } },
    });
    expect(res.statusCode).toBe(409);
  });

  it('shows binary values as a short placeholder and long text cut at the cell limit', async () => {
    const tenantId = (await t.get('/v1/users/me', { token: operator })).json<{ tenantId: string }>().tenantId;
    const file = new SQLite(join(t.app.config.dataDir, 'databases', tenantId, `${database.id}.sqlite`));
    try {
      file.exec('CREATE TABLE blobs (name TEXT, data BLOB)');
      file.prepare('INSERT INTO blobs VALUES (?, ?)').run('x'.repeat(DATABASE_TABLE_LIMITS.cell + 5), Buffer.alloc(3));
    } finally {
      file.close();
    }
    const [row] = (await rows(database.id, 'blobs')).json<DatabaseRowsResponse>().list;
    expect(row!.data).toBe('<3 bytes>');
    expect(row!.name).toHaveLength(DATABASE_TABLE_LIMITS.cell);
  });

  it('agents read tables and rows but cannot write', async () => {
    expect((await tables(database.id, agent)).map((table) => table.name)).toEqual(['blobs', 'numbers']);
    expect((await rows(database.id, 'numbers', '', agent)).statusCode).toBe(200);
    const base = `/v1/databases/${database.id}/tables/numbers`;
    expect((await t.post(`${base}/rows`, { token: agent, body: { values: { n: 1 } } })).statusCode).toBe(403);
    expect((await t.put(`${base}/rows/1`, { token: agent, body: { values: { n: 1 } } })).statusCode).toBe(403);
    expect((await t.del(`${base}/rows/1`, { token: agent })).statusCode).toBe(403);
    expect((await t.put(base, { token: agent, body: { description: 'x' } })).statusCode).toBe(403);
    expect((await importFile(database.id, 'a.csv', csv(['a', '1']), { table: 'a' }, agent)).statusCode).toBe(403);
    expect((await preview(database.id, 'a.csv', csv(['a', '1']), agent)).statusCode).toBe(403);
  });

  it("another tenant's database answers 404 everywhere", async () => {
    const other = await t.createTenant(admin);
    const base = `/v1/databases/${database.id}`;
    const token = other.token;
    expect((await t.get(`${base}/tables`, { token })).statusCode).toBe(404);
    expect((await rows(database.id, 'numbers', '', token)).statusCode).toBe(404);
    expect((await t.put(`${base}/tables/numbers`, { token, body: {} })).statusCode).toBe(404);
    expect((await t.post(`${base}/tables/numbers/rows`, { token, body: { values: {} } })).statusCode).toBe(404);
    expect((await t.del(`${base}/tables/numbers/rows/1`, { token })).statusCode).toBe(404);
    expect((await importFile(database.id, 'a.csv', csv(['a', '1']), { table: 'a' }, token)).statusCode).toBe(404);
    expect((await rows(database.id, 'numbers')).json<DatabaseRowsResponse>().total).toBe(45);
  });

  it('notes: PUT then GET shows them; an unknown column is a 422 at its index; an unknown table a 404', async () => {
    const url = `/v1/databases/${database.id}/tables/numbers`;
    const res = await t.put(url, {
      token: operator,
      body: { description: 'counting', columns: [{ name: 'label', key: true, description: 'how it reads' }] },
    });
    expect(res.statusCode).toBe(200);
    expect((await tables(database.id)).find((table) => table.name === 'numbers')).toEqual({
      name: 'numbers',
      description: 'counting',
      gone: false,
      columns: [
        { name: 'n', type: 'integer', key: false, description: '' },
        { name: 'label', type: 'text', key: true, description: 'how it reads' },
      ],
    });
    const unknown = await t.put(url, { token: operator, body: { columns: [{ name: 'n' }, { name: 'nope' }] } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<ValidationError>().detail[0]!.loc).toEqual(['body', 'columns', 1, 'name']);
    const missing = await t.put(`/v1/databases/${database.id}/tables/absent`, { token: operator, body: {} });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ code: string }>().code).toBe('DATABASE_TABLE_NOT_FOUND');
  });

  it('a database deleted while a row edit or an import was on its way answers 404, not a server error', async () => {
    const doomed = await builtin();
    expect((await importFile(doomed.id, 'a.csv', csv(['n', '1']), { table: 'a' })).statusCode).toBe(200);
    // What a delete leaves for a request that found the database just before: its row read, its file gone.
    const tenantId = (await t.get('/v1/users/me', { token: operator })).json<{ tenantId: string }>().tenantId;
    await rm(join(t.app.config.dataDir, 'databases', tenantId, `${doomed.id}.sqlite`));
    const base = `/v1/databases/${doomed.id}/tables/a/rows`;
    for (const res of [
      await t.post(base, { token: operator, body: { values: { n: 2 } } }),
      await t.put(`${base}/1`, { token: operator, body: { values: { n: 2 } } }),
      await t.del(`${base}/1`, { token: operator }),
      await importFile(doomed.id, 'b.csv', csv(['n', '1']), { table: 'b' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json<{ code: string }>().code).toBe('DATABASE_NOT_FOUND');
    }
  });
});

describe('key columns of a built-in table are indexed', () => {
  let database: Database;
  let tenantId: string;
  let file: string;
  // CJK names on purpose: they name the index too.
  const table = '库存';
  const url = () => `/v1/databases/${database.id}/tables/${encodeURIComponent(table)}`;
  beforeAll(async () => {
    database = await builtin();
    tenantId = (await t.get('/v1/users/me', { token: operator })).json<{ tenantId: string }>().tenantId;
    file = t.app.repos.databases.files.pathOf(tenantId, database.id);
    expect((await importFile(database.id, 'stock.csv', stock(), { table })).statusCode).toBe(200);
  });

  /** 货品 holds codes but is not named like a key, so an import gives it no index; sku gets a unique one. */
  function stock() {
    const lines = ['货品,sku,数量'];
    for (let i = 1; i <= 40; i++) lines.push(`A${1000 + i},S${i},${i}`);
    return csv(lines);
  }

  /** The file as a reader outside the server sees it: each index of the table with its columns. */
  function indexes(): Array<{ name: string; columns: string[] }> {
    const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      const list = sqlite.prepare('SELECT name FROM pragma_index_list(?)').pluck().all(table) as string[];
      return list.map((name) => ({
        name,
        columns: sqlite.prepare('SELECT name FROM pragma_index_info(?)').pluck().all(name) as string[],
      }));
    } finally {
      sqlite.close();
    }
  }
  const indexedColumns = () => indexes().map((index) => index.columns.join(','));

  const lookUp = (query: string) =>
    lookUpDatabases(
      {
        databases: t.app.repos.databases,
        readers: t.app.databaseReaders,
        notes: t.app.repos.databaseTables,
        queries: { record: async () => undefined },
      },
      {
        tenantId,
        processId: 'p',
        sessionId: 's',
        question: query,
        query,
        databaseIds: [database.id],
        limit: 5,
        timeoutMs: 5000,
        locale: 'en-US',
        signal: new AbortController().signal,
      },
    );

  it('marking a plain column as key indexes it in the file; lookups by it answer', async () => {
    expect(indexedColumns()).toEqual(['sku']);
    const res = await t.put(url(), { token: operator, body: { columns: [{ name: '货品', key: true }] } });
    expect(res.statusCode).toBe(200);
    expect(res.json<DatabaseTable>().columns.find((column) => column.name === '货品')?.key).toBe(true);
    expect(indexedColumns().sort()).toEqual(['sku', '货品']);
    expect(indexes().find((index) => index.columns[0] === '货品')?.name).toBe(`flotilla_key$${table}$货品`);

    const found = await lookUp('where is A1007?');
    expect(found.rows).toEqual([{ 货品: 'A1007', sku: 'S7', 数量: 7 }]);
    // Saved again, or a column already indexed marked too: no second index.
    const again = await t.put(url(), {
      token: operator,
      body: {
        columns: [
          { name: '货品', key: true },
          { name: 'sku', key: true },
        ],
      },
    });
    expect(again.statusCode).toBe(200);
    expect(indexedColumns().sort()).toEqual(['sku', '货品']);
  });

  it('unmarking the key drops the index it was given, never the import’s', async () => {
    const res = await t.put(url(), {
      token: operator,
      body: {
        columns: [
          { name: '货品', key: false },
          { name: 'sku', key: false },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(indexedColumns()).toEqual(['sku']);
    expect((await lookUp('where is A1007?')).rows).toEqual([]);
  });

  it('a database busy with another writer answers 409 and keeps the notes; the retry indexes', async () => {
    const writer = new SQLite(file, { fileMustExist: true });
    try {
      writer.exec('BEGIN IMMEDIATE');
      const busy = await t.put(url(), {
        token: operator,
        body: { columns: [{ name: '数量', key: true }] },
        headers: en,
      });
      expect(busy.statusCode).toBe(409);
      expect(busy.json<{ code: string; message: string }>()).toEqual({
        code: 'CONFLICT',
        message: 'Another write is using the database; try again shortly',
      });
      expect((await tables(database.id)).find((candidate) => candidate.name === table)?.columns[2]?.key).toBe(false);
    } finally {
      writer.exec('ROLLBACK');
      writer.close();
    }
    const retried = await t.put(url(), { token: operator, body: { columns: [{ name: '数量', key: true }] } });
    expect(retried.statusCode).toBe(200);
    expect(indexedColumns().sort()).toEqual(['sku', '数量']);
  });

  it('an import replacing the table indexes the keys operators chose again', async () => {
    // Replacing the table drops its indexes with it; the notes' keys are indexed on the new one.
    expect((await importFile(database.id, 'stock.csv', stock(), { table })).statusCode).toBe(200);
    expect(indexedColumns().sort()).toEqual(['sku', '数量']);
    expect((await tables(database.id)).find((candidate) => candidate.name === table)?.columns[2]?.key).toBe(true);
  });
});

describe('a large file', () => {
  it('is imported by a background task; its rows appear when the task is done', async () => {
    const database = await builtin();
    const count = DATABASE_TABLE_LIMITS.inlineImportRows + 1;
    const lines = ['id,word'];
    for (let i = 1; i <= count; i++) lines.push(`${i},w${i}`);
    const res = await importFile(database.id, 'big.csv', csv(lines), { table: 'big' });
    expect(res.statusCode).toBe(200);
    const answer = res.json<ImportTableResponse>();
    expect(answer).toMatchObject({ table: 'big', rows: 0 });
    const job = await t.app.jobs.waitFor(answer.taskId!);
    expect(job.status).toBe('done');
    const page = (await rows(database.id, 'big', '?offset=5000&limit=5')).json<DatabaseRowsResponse>();
    expect(page.total).toBe(count);
    expect(page.list.map((row) => row.word)).toEqual(['w5001']);
    const task = await t.get('/v1/tasks', { token: operator });
    expect(
      task.json<{ list: Array<{ id: string; type: string; status: string; title: string }> }>().list,
    ).toContainEqual(
      expect.objectContaining({ id: answer.taskId, type: 'importTable', status: 'done', title: 'big.csv' }),
    );
  });
});

describe('external databases are read-only and listed as they are', () => {
  const table = `flotilla_parts_${randomBytes(4).toString('hex')}`;

  type External = {
    name: string;
    connection: Record<string, unknown>;
    run: (sql: string) => Promise<void>;
    /** The names of the table's indexes, as the database has them. */
    indexes: () => Promise<string[]>;
    close: () => Promise<void>;
  };
  const pgPool = new pg.Pool({
    host: postgres.host,
    port: postgres.port,
    database: postgres.database,
    user: postgres.user,
    max: 1,
  });
  let maria: mysql.Pool;
  const externals: External[] = [
    {
      name: 'PostgreSQL',
      connection: postgres,
      run: async (sql) => void (await pgPool.query(sql)),
      indexes: async () =>
        (
          await pgPool.query<{ indexname: string }>('SELECT indexname FROM pg_indexes WHERE tablename = $1', [table])
        ).rows
          .map((row) => row.indexname)
          .sort(),
      close: () => pgPool.end(),
    },
    {
      name: 'MariaDB',
      connection: mariadb,
      run: async (sql) => void (await maria.query(sql.replaceAll('"', '`'))),
      indexes: async () => {
        const [rows] = await maria.query(
          'SELECT DISTINCT index_name AS name FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = ?',
          [table],
        );
        return (rows as Array<{ name: string }>).map((row) => row.name).sort();
      },
      close: () => maria.end(),
    },
  ];

  beforeAll(() => {
    maria = mysql.createPool({
      host: mariadb.host,
      port: mariadb.port,
      database: mariadb.database,
      user: 'root',
      password: '',
    });
  });
  afterAll(async () => {
    for (const external of externals) {
      await external.run(`DROP TABLE IF EXISTS "${table}"`).catch(() => undefined);
      await external.close();
    }
  });

  for (const external of externals) {
    it(`${external.name}: lists the table with its unique key, pages rows, refuses writes, marks a key without writing, and marks it gone once dropped`, async () => {
      await external.run(`CREATE TABLE "${table}" (sku VARCHAR(20) NOT NULL UNIQUE, label VARCHAR(50), qty INTEGER)`);
      for (let i = 1; i <= 7; i++) await external.run(`INSERT INTO "${table}" VALUES ('P${i}', 'part ${i}', ${i})`);
      const created = await t.post('/v1/databases', {
        token: admin,
        body: { name: `ext ${external.name}`, ...external.connection },
      });
      expect(created.statusCode).toBe(200);
      const database = created.json<Database>();

      const listed = (await tables(database.id, admin)).find((candidate) => candidate.name === table);
      expect(listed?.gone).toBe(false);
      expect(listed?.columns.map((column) => [column.name, column.key])).toEqual([
        ['sku', true],
        ['label', false],
        ['qty', false],
      ]);
      const page = (await rows(database.id, table, '?offset=5&limit=5', admin)).json<DatabaseRowsResponse>();
      expect(page.total).toBe(7);
      expect(page.list.map((row) => row.sku).sort()).toHaveLength(2);
      expect(page.list[0]).not.toHaveProperty('$rowid');

      const write = await t.post(`/v1/databases/${database.id}/tables/${table}/rows`, {
        token: admin,
        body: { values: { sku: 'X' } },
      });
      expect(write.statusCode).toBe(409);
      expect(write.json<{ code: string }>().code).toBe('DATABASE_READ_ONLY');
      const imported = await importFile(database.id, 'a.csv', csv(['a', '1']), { table: 'a' }, admin);
      expect(imported.statusCode).toBe(409);

      // Marking a plain column as key changes the notes only: an external database is never written.
      const before = await external.indexes();
      const marked = await t.put(`/v1/databases/${database.id}/tables/${table}`, {
        token: admin,
        body: { description: 'spare parts', columns: [{ name: 'label', key: true }] },
      });
      expect(marked.statusCode).toBe(200);
      expect(marked.json<DatabaseTable>().columns.find((column) => column.name === 'label')?.key).toBe(true);
      expect(await external.indexes()).toEqual(before);
      await external.run(`DROP TABLE "${table}"`);
      const gone = (await tables(database.id, admin)).find((candidate) => candidate.name === table);
      expect(gone).toMatchObject({ gone: true, description: 'spare parts' });
      const after = await rows(database.id, table, '', admin);
      expect(after.statusCode).toBe(404);
      expect(after.json<{ code: string; message: string }>()).toEqual({
        code: 'DATABASE_TABLE_NOT_FOUND',
        message: 'This table is no longer in the database (dropped or renamed)',
      });
    });
  }
});

describe('an external database that cannot be read', () => {
  it.each([
    ['a refused password', { ...mariadb, password: 'not-the-password' }, 'AUTH_FAILED', /user or password/],
    ['a closed port', { ...mariadb, port: 1 }, 'HOST_UNREACHABLE', /nothing answers/],
  ])('%s: the tables answer 502 with the reason, at once', async (_, connection, reason, words) => {
    const created = await t.post('/v1/databases', { token: admin, body: { name: `broken ${reason}`, ...connection } });
    expect(created.statusCode).toBe(200);
    const res = await t.get(`/v1/databases/${created.json<Database>().id}/tables`, {
      token: admin,
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(502);
    const body = res.json<{ code: string; reason: string; message: string }>();
    expect(body).toMatchObject({ code: 'DATABASE_QUERY_FAILED', reason });
    expect(body.message).toMatch(words);
  });
});
