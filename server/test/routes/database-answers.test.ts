import { randomBytes } from 'node:crypto';
import SQLite from 'better-sqlite3';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Citation,
  Database,
  DatabaseQueryLog,
  DatabaseQueryLogList,
  FlowGraph,
  FlowNodeData,
  QaEvent,
  Robot,
  ShareSettings,
} from '@flotilla/shared/contracts';
import { useTestApp } from '../helper';
import { MARIADB_DATABASE, POSTGRES_DATABASE } from '../support/external-databases';
import { uploadForm } from '../support/documents';
import { startFakeOpenAi } from '../support/fake-openai';
import { tenantOf } from '../support/segment-fixtures';

// Robots read the operators' databases: by key values with the builtin provider, by checked SQL a model
// writes otherwise, on a built-in SQLite database and on the real PostgreSQL and MariaDB of this machine.
const postgres = POSTGRES_DATABASE;
const mariadb = MARIADB_DATABASE;

const upstream = await startFakeOpenAi();
const t = useTestApp({
  config: {
    openaiModels: [
      { id: 'smart', name: 'Smart', price: 0, baseUrl: upstream.baseUrl, apiKey: 'sk-upstream', model: 'up-1' },
    ],
  },
});
afterAll(() => upstream.close());

const FALLBACK = 'No idea, sorry.';
const CANNOT_ZH = '抱歉，我现在查不了这个信息，请稍后再试。';
const CANNOT_EN = "Sorry, I can't look that up right now. Please try again later.";
const zh = { 'accept-language': 'zh-CN' };
const en = { 'accept-language': 'en' };

let admin: string;
let tenantId: string;
beforeAll(async () => {
  admin = await t.login();
  tenantId = await tenantOf(t, admin);
});

/** A table of orders in one kind of database: how to reach it, read its data back and drop it. */
type Orders = {
  kind: string;
  database: Database;
  table: string;
  /** The table's rows as one text, to see that nothing changed. */
  checksum: () => Promise<string>;
  drop: () => Promise<void>;
  close: () => Promise<void>;
};

const ORDER_ROWS = [
  ['A1002', '已发货', '顺丰', 'note a'],
  ['A1003', '待付款', '', 'note b'],
  ['ORD-2024-001', 'shipped', 'UPS', 'note c'],
];

async function createDatabase(body: Record<string, unknown>): Promise<Database> {
  const res = await t.post('/v1/databases', { token: admin, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Database>();
}

/** Describes the orders table: its key, a description per shown column (the note column stays undescribed). */
async function describeOrders(databaseId: string, table: string) {
  const res = await t.put(`/v1/databases/${databaseId}/tables/${encodeURIComponent(table)}`, {
    token: admin,
    body: {
      description: '订单',
      columns: [
        { name: 'order_no', key: true, description: '订单号' },
        { name: 'status', description: '状态' },
        { name: 'carrier', description: '快递' },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function builtinOrders(): Promise<Orders> {
  const database = await createDatabase({ name: `orders ${randomBytes(3).toString('hex')}`, kind: 'builtin' });
  const table = 'orders';
  const csv = ['order_no,status,carrier,note', ...ORDER_ROWS.map((row) => row.join(','))].join('\n') + '\n';
  const form = uploadForm('orders.csv', Buffer.from(csv), { table });
  const imported = await t.post(`/v1/databases/${database.id}/tables/import`, {
    token: admin,
    body: form.body,
    headers: { ...form.headers, ...en },
  });
  expect(imported.statusCode, imported.body).toBe(200);
  await describeOrders(database.id, table);
  const file = () => new SQLite(t.app.repos.databases.files.pathOf(tenantId, database.id));
  const withFile = <T>(work: (db: SQLite.Database) => T): T => {
    const db = file();
    try {
      return work(db);
    } finally {
      db.close();
    }
  };
  return {
    kind: 'built-in SQLite',
    database,
    table,
    checksum: async () => withFile((db) => JSON.stringify(db.prepare(`SELECT * FROM "${table}" ORDER BY 1`).all())),
    drop: async () => withFile((db) => void db.exec(`DROP TABLE "${table}"`)),
    close: async () => undefined,
  };
}

async function externalOrders(kind: 'postgres' | 'mysql'): Promise<Orders> {
  const table = `flotilla_orders_${randomBytes(4).toString('hex')}`;
  let run: (sql: string, params?: unknown[]) => Promise<unknown[]>;
  let close: () => Promise<void>;
  if (kind === 'postgres') {
    const pool = new pg.Pool({ ...postgres, max: 1 });
    run = async (sql, params) => (await pool.query(sql, params)).rows;
    close = () => pool.end();
  } else {
    const pool = mysql.createPool({ ...mariadb, password: '', connectionLimit: 1 });
    run = async (sql, params) => (await pool.query(sql.replaceAll('"', '`'), params))[0] as unknown[];
    close = () => pool.end();
  }
  await run(
    `CREATE TABLE "${table}" (order_no VARCHAR(20) PRIMARY KEY, status VARCHAR(20), carrier VARCHAR(20), note VARCHAR(20))`,
  );
  for (const row of ORDER_ROWS)
    await run(`INSERT INTO "${table}" VALUES (${kind === 'postgres' ? '$1, $2, $3, $4' : '?, ?, ?, ?'})`, row);
  const database = await createDatabase({
    name: `orders ${kind}`,
    ...(kind === 'postgres' ? postgres : mariadb),
  });
  await describeOrders(database.id, table);
  return {
    kind: kind === 'postgres' ? 'PostgreSQL' : 'MariaDB',
    database,
    table,
    checksum: async () => JSON.stringify(await run(`SELECT * FROM "${table}" ORDER BY 1`)),
    drop: async () => void (await run(`DROP TABLE IF EXISTS "${table}"`)),
    close: async () => {
      await run(`DROP TABLE IF EXISTS "${table}"`).catch(() => undefined);
      await close();
    },
  };
}

function events(body: string): QaEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice(6)) as QaEvent);
}

type Asked = { answer: string; citations: Citation[]; sessionId: string };

/** A visitor's question through the robot's share link, as the chat page asks it. */
async function askShared(shareId: string, question: string, headers = zh, sessionId?: string): Promise<Asked> {
  const res = await t.post('/v2/qa', {
    body: { shareId, visitorId: '5d0c7a56-1f7e-4a53-9f0e-2c1a4b7c9d11', question, ...(sessionId ? { sessionId } : {}) },
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  const list = events(res.body);
  const done = list.at(-1);
  if (done?.type !== 'done') throw new Error(`no done event: ${res.body}`);
  return {
    answer: list.flatMap((event) => (event.type === 'delta' ? [event.text] : [])).join(''),
    citations: done.citations,
    sessionId: done.sessionId,
  };
}

async function share(robot: Robot): Promise<string> {
  const res = await t.put(`/v1/users/${robot.adminId}/processes/${robot.processId}/share/enable`, { token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ShareSettings>().shareId;
}

/** A simple robot reading `databaseIds` with `model`, shared; its ask function. */
async function simpleRobot(databaseIds: string[], model = 'builtin') {
  const robot = (
    await t.post('/v1/processes', { token: admin, body: { name: `Orders ${randomBytes(2).toString('hex')}` } })
  ).json<Robot>();
  const basic = await t.put(`/v1/processes/${robot.processId}/basic`, {
    token: admin,
    body: { fallbackReply: FALLBACK, model, dbSearch: true, databaseIds, librarySearch: false },
  });
  expect(basic.statusCode, basic.body).toBe(200);
  const shareId = await share(robot);
  return { robot, ask: (question: string, headers = zh) => askShared(shareId, question, headers) };
}

async function queryLog(databaseId: string, query = ''): Promise<DatabaseQueryLog[]> {
  const res = await t.get(`/v1/databases/${databaseId}/queries${query}`, { token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DatabaseQueryLogList>().list;
}

const kinds: Array<{ name: string; make: () => Promise<Orders> }> = [
  { name: 'built-in SQLite', make: builtinOrders },
  { name: 'PostgreSQL', make: () => externalOrders('postgres') },
  { name: 'MariaDB', make: () => externalOrders('mysql') },
];

describe.each(kinds)('a robot reading $name', ({ make }) => {
  let orders: Orders;
  beforeAll(async () => {
    orders = await make();
  });
  afterAll(() => orders.close());

  it('answers an order number with the row’s described fields, cites the table and logs the lookup', async () => {
    const { robot, ask } = await simpleRobot([orders.database.id]);
    const { answer, citations } = await ask('订单 A1002 到哪了？');
    expect(answer).toBe('订单 A1002：状态 已发货，快递 顺丰 [1]');
    expect(citations).toEqual([
      expect.objectContaining({
        index: 1,
        databaseId: orders.database.id,
        table: orders.table,
        fileName: `${orders.database.name} · 订单`,
        text: '订单 A1002：状态 已发货，快递 顺丰',
      }),
    ]);
    // A code typed in lower case finds the row stored upper case; an unknown one finds nothing.
    expect((await ask('ord-2024-001 where is it?', en)).answer).toBe('订单 ORD-2024-001: 状态: shipped; 快递: UPS [1]');
    expect((await ask('订单 Z9999 到哪了？')).answer).toBe(FALLBACK);

    // Entries of the same millisecond have no order among them: found by question. (The test database of
    // PostgreSQL and MariaDB may hold other tests' tables, read after the described one.)
    const log = (await queryLog(orders.database.id, `?processId=${robot.processId}`)).filter((entry) =>
      entry.sql.includes(orders.table),
    );
    expect(log).toHaveLength(3);
    const first = log.find((entry) => entry.question === '订单 A1002 到哪了？');
    const latest = log.find((entry) => entry.question === '订单 Z9999 到哪了？');
    expect(first).toMatchObject({
      processId: robot.processId,
      processName: robot.name,
      question: '订单 A1002 到哪了？',
      mode: 'key',
      rows: 1,
      refused: null,
    });
    expect(first?.sql).toMatch(/^SELECT \* FROM .+ WHERE .order_no. IN \(.+\) LIMIT 5 -- parameters: \["A1002"\]$/);
    expect(latest).toMatchObject({ question: '订单 Z9999 到哪了？', rows: 0, refused: null });
  });

  it('runs the SELECT a model writes and answers from its rows', async () => {
    const { robot, ask } = await simpleRobot([orders.database.id], 'smart');
    const select = `SELECT order_no, status FROM ${orders.table} WHERE carrier = 'UPS'`;
    upstream.setMode({ kind: 'answer', text: `Here it is:\n\`\`\`sql\n${select}\n\`\`\`` });
    const before = upstream.received.length;
    await ask('Which orders go by UPS?', en);
    const [writing, answering] = upstream.received.slice(before);
    // The model got the described schema and the dialect, then the rows as context of the answer.
    expect(writing?.body.messages[0]?.content).toContain(`- ${orders.table}: 订单`);
    expect(writing?.body.messages[0]?.content).toContain('order_no (');
    expect(answering?.body.messages[0]?.content).toContain('order_no | status\nORD-2024-001 | shipped');
    const [entry] = await queryLog(orders.database.id, `?processId=${robot.processId}`);
    expect(entry).toMatchObject({ mode: 'sql', rows: 1, refused: null });
    expect(entry?.sql).toContain('UPS');
  });

  it('refuses every write, lock, system function, catalogue and foreign table a model writes; the data stays', async () => {
    const { robot, ask } = await simpleRobot([orders.database.id], 'smart');
    const before = await orders.checksum();
    const { table } = orders;
    const hostile: Array<[string, string]> = [
      [`DELETE FROM ${table}`, 'NOT_SELECT'],
      [`DROP TABLE ${table}`, 'NOT_SELECT'],
      [`UPDATE ${table} SET status = 'lost'`, 'NOT_SELECT'],
      // Only MySQL's parser reads FOR UPDATE; the others refuse what they cannot read.
      [`SELECT * FROM ${table} FOR UPDATE`, orders.kind === 'MariaDB' ? 'LOCKING_CLAUSE' : 'SQL_PARSE_FAILED'],
      [`SELECT * FROM ${table}; DELETE FROM ${table}`, 'NOT_ONE_STATEMENT'],
      ['SELECT pg_sleep(10)', 'FUNCTION_NOT_ALLOWED'],
      [`SELECT load_file('/etc/passwd') FROM ${table}`, 'FUNCTION_NOT_ALLOWED'],
      [`SELECT pg_read_file('/etc/passwd')`, 'FUNCTION_NOT_ALLOWED'],
      ['SELECT table_name FROM information_schema.tables', 'SYSTEM_CATALOG'],
      [`SELECT * FROM elsewhere.${table}`, 'TABLE_NOT_ALLOWED'],
    ];
    for (const [sql] of hostile) {
      upstream.setMode({ kind: 'answer', text: `\`\`\`sql\n${sql}\n\`\`\`` });
      const { answer, citations } = await ask('Show me everything', en);
      expect(answer, sql).toBe(CANNOT_EN);
      expect(citations).toEqual([]);
    }
    const logged = (await queryLog(orders.database.id, `?processId=${robot.processId}&refused=true&limit=50`)).map(
      (entry) => [entry.sql, entry.refused],
    );
    expect(logged).toHaveLength(hostile.length);
    expect(logged).toEqual(expect.arrayContaining(hostile));
    expect(await queryLog(orders.database.id, `?processId=${robot.processId}&refused=false`)).toEqual([]);
    expect(await orders.checksum()).toBe(before);
  });

  it('stops a slow statement within the node’s time and takes the failure branch with DATABASE_TIMEOUT', async () => {
    const { robot, ask } = await drawnFlowRobot(orders.database.id, {
      lookup: { model: 'smart', timeoutMs: 1500 },
      found: '{{lookup.text}}',
      failed: 'failed: {{lookup.error.code}} | {{lookup.error.message}}',
    });
    // A read-only statement that would count for minutes (a billion rows: MariaDB recurses 1000 times at most).
    const slow =
      'WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 1000) ' +
      'SELECT count(*) AS n FROM c a, c b, c d';
    upstream.setMode({ kind: 'answer', text: slow });
    const { answer } = await ask('How many?');
    expect(answer).toBe('failed: DATABASE_TIMEOUT | database lookup failed: DATABASE_TIMEOUT (TIMEOUT)');
    // A failure's message, which a flow may show a visitor, names no table, statement or driver words.
    upstream.setMode({ kind: 'answer', text: 'SELECT secret_column FROM payroll_2026' });
    const refused = await ask('Who earns most?');
    expect(refused.answer).toBe(
      'failed: DATABASE_QUERY_REFUSED | database lookup failed: DATABASE_QUERY_REFUSED (TABLE_NOT_ALLOWED)',
    );
    const [refusal, entry] = await queryLog(orders.database.id, `?processId=${robot.processId}`);
    expect(refusal).toMatchObject({
      mode: 'sql',
      refused: 'TABLE_NOT_ALLOWED',
      sql: 'SELECT secret_column FROM payroll_2026',
    });
    expect(entry).toMatchObject({ mode: 'sql', refused: 'TIMEOUT', rows: 0 });
  });

  it('says it cannot look that up once the table is dropped, and once the database is deleted', async () => {
    const { robot, ask } = await simpleRobot([orders.database.id]);
    const flow = await drawnFlowRobot(orders.database.id);
    expect((await flow.ask('A1002')).answer).toContain('状态 已发货');
    await orders.drop();
    expect((await ask('订单 A1002 到哪了？')).answer).toBe(CANNOT_ZH);
    expect((await ask('Where is order A1002?', en)).answer).toBe(CANNOT_EN);
    // A drawn flow's failure branch sees the typed code.
    expect((await flow.ask('A1002')).answer).toBe('failed: DATABASE_TABLE_GONE');
    // A question with no key value in it reads nothing, and is answered as before.
    expect((await ask('你好吗')).answer).toBe(FALLBACK);
    // (Other tables of the shared test database may have been read too, finding nothing.)
    const log = await queryLog(orders.database.id, `?processId=${robot.processId}&refused=true`);
    expect(log.map((entry) => [entry.question, entry.refused, entry.sql])).toEqual([
      ['Where is order A1002?', 'TABLE_GONE', ''],
      ['订单 A1002 到哪了？', 'TABLE_GONE', ''],
    ]);

    expect((await t.del(`/v1/databases/${orders.database.id}`, { token: admin })).statusCode).toBe(200);
    expect((await ask('订单 A1002 到哪了？')).answer).toBe(CANNOT_ZH);
    expect((await flow.ask('A1002')).answer).toBe('failed: DATABASE_GONE');
  });
});

describe('a database that cannot be reached', () => {
  it('makes the robot say it cannot look that up, and logs the connection’s code', async () => {
    const database = await createDatabase({ name: 'nowhere', ...postgres, port: 1 });
    const { robot, ask } = await simpleRobot([database.id]);
    expect((await ask('Where is order A1002?', en)).answer).toBe(CANNOT_EN);
    const [entry] = await queryLog(database.id, `?processId=${robot.processId}`);
    expect(entry).toMatchObject({ mode: 'key', sql: '', rows: 0 });
    expect(['HOST_UNREACHABLE', 'CONNECTION_FAILED']).toContain(entry?.refused);
  });
});

/**
 * A flow robot: start → dbQuery → reply of what it found, its failure branch replying the code (by default);
 * published, shared.
 */
async function drawnFlowRobot(
  databaseId: string,
  {
    lookup = { query: '订单 {{start.question}}' },
    found = '{{lookup.count}}: {{lookup.text}}',
    failed = 'failed: {{lookup.error.code}}',
  }: { lookup?: Partial<FlowNodeData['dbQuery']>; found?: string; failed?: string } = {},
) {
  const robot = (
    await t.post('/v1/processes', { token: admin, body: { name: 'Drawn lookup', type: 'flow' } })
  ).json<Robot>();
  const at = { x: 0, y: 0 };
  const graph: FlowGraph = {
    nodes: [
      { id: 'start', type: 'start', position: at, data: {} },
      { id: 'lookup', type: 'dbQuery', position: at, data: { databaseIds: [databaseId], ...lookup } },
      { id: 'found', type: 'reply', position: at, data: { text: found } },
      { id: 'failed', type: 'reply', position: at, data: { text: failed } },
      { id: 'end', type: 'end', position: at, data: {} },
    ],
    edges: [
      { id: 'a', source: 'start', target: 'lookup' },
      { id: 'b', source: 'lookup', target: 'found' },
      { id: 'c', source: 'lookup', sourceHandle: 'error', target: 'failed' },
      { id: 'd', source: 'found', target: 'end' },
      { id: 'e', source: 'failed', target: 'end' },
    ],
  };
  const saved = await t.put(`/v1/processes/${robot.processId}/flow`, {
    token: admin,
    body: { version: 'v3', ...graph },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect((await t.post(`/v1/processes/${robot.processId}/flow/publish`, { token: admin })).statusCode).toBe(200);
  const shareId = await share(robot);
  return { robot, ask: (question: string) => askShared(shareId, question) };
}

describe('the dbQuery node and the order-lookup scene', () => {
  let orders: Orders;
  beforeAll(async () => {
    orders = await builtinOrders();
  });

  it('gives a drawn flow the rows as text, count and citations', async () => {
    const { ask } = await drawnFlowRobot(orders.database.id);
    const { answer, citations } = await ask('A1003');
    expect(answer).toBe('1: 订单 A1003：状态 待付款');
    expect(citations).toHaveLength(1);
    expect((await ask('Z1')).answer).toBe('0: ');
  });

  it('refuses to save a flow reading, or bind a robot to, a database of another tenant', async () => {
    const other = await t.createTenant(admin);
    const theirs = (
      await t.post('/v1/databases', { token: other.token, body: { name: 'Theirs', kind: 'builtin' } })
    ).json<Database>();
    const robot = (
      await t.post('/v1/processes', { token: admin, body: { name: 'Sneaky', type: 'flow' } })
    ).json<Robot>();
    const at = { x: 0, y: 0 };
    const res = await t.put(`/v1/processes/${robot.processId}/flow`, {
      token: admin,
      headers: en,
      body: {
        version: 'v3',
        nodes: [
          { id: 'start', type: 'start', position: at, data: {} },
          { id: 'lookup', type: 'dbQuery', position: at, data: { databaseIds: [theirs.id] } },
          { id: 'end', type: 'end', position: at, data: {} },
        ],
        edges: [
          { id: 'a', source: 'start', target: 'lookup' },
          { id: 'b', source: 'lookup', target: 'end' },
        ],
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ loc: expect.arrayContaining(['databaseIds']) });
    // Nor bind it to a simple robot.
    const bound = await t.put(`/v1/processes/${robot.processId}/basic`, {
      token: admin,
      body: { dbSearch: true, databaseIds: [orders.database.id, theirs.id] },
    });
    expect(bound.statusCode).toBe(404);
    expect(bound.json().code).toBe('DATABASE_NOT_FOUND');
    // Nor may anyone read another tenant's query log.
    expect((await t.get(`/v1/databases/${orders.database.id}/queries`, { token: other.token })).statusCode).toBe(404);
  });

  it('builds the order-lookup scene on a database: asks for the number, then answers from the row', async () => {
    const created = await t.post('/v1/business-scenes', {
      token: admin,
      headers: zh,
      body: { templateId: 'order-lookup', name: 'Order desk', values: { databases: [orders.database.id] } },
    });
    expect(created.statusCode, created.body).toBe(200);
    const shareId = await share(created.json<Robot>());
    const first = await askShared(shareId, '我想查订单');
    expect(first.answer).toBe('请告诉我您的订单号。');
    expect((await askShared(shareId, 'A1002', zh, first.sessionId)).answer).toBe(
      '为您查到：\n订单 A1002：状态 已发货，快递 顺丰',
    );
    const again = await askShared(shareId, '再查一个');
    expect((await askShared(shareId, 'B7777', zh, again.sessionId)).answer).toBe(
      '没有找到订单 B7777，请核对订单号后再问我。',
    );
  });
});
