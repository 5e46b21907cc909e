import { describe, expect, it } from 'vitest';
import type { DatabaseTable } from '@flotilla/shared/contracts';
import { keyCandidates } from '../../../src/databases/robot-lookup/key-candidates';
import { DatabaseLookupError } from '../../../src/databases/robot-lookup/lookup-failure';
import { rowSentence, rowsTable } from '../../../src/databases/robot-lookup/row-text';
import { sqlFromReply, sqlInstructions } from '../../../src/databases/robot-lookup/text-to-sql';
import { asNodeError } from '../../../src/engine/flow/node-error';
import type { FoundRows } from '../../../src/engine/flow/node-types';
import { ask, edge, fakeServices, graphOf, line, node, stepOf } from '../flow/flow-fixtures';

describe('keyCandidates', () => {
  it.each([
    ['订单 A1002 到哪了？', ['A1002']],
    ['订单A1002到哪了', ['A1002']],
    ['ORD-2024-001 status?', ['ORD-2024-001']],
    ['我的手机 13800138000', ['13800138000']],
    ['call +86 138-0013-8000 please', ['+86 138-0013-8000', '+8613800138000', '138-0013-8000']],
    ['查一下 "Blue shirt" 和「张三」', ['Blue shirt', '张三']],
  ])('finds the key values of %s', (question, values) => {
    expect(keyCandidates(question)).toEqual(values);
  });

  it('finds none in words, short numbers or a code with no digit', () => {
    expect(keyCandidates('I want 2 items, size 42, from ACME')).toEqual([]);
  });

  it('keeps five values of 64 characters at most', () => {
    expect(keyCandidates('A1 B22 C333 D4444 E5555 F6666 G7777')).toEqual(['B22', 'C333', 'D4444', 'E5555', 'F6666']);
    expect(keyCandidates(`X${'1'.repeat(64)}`)).toEqual([]);
  });
});

const orders: DatabaseTable = {
  name: 'orders',
  description: '订单',
  gone: false,
  columns: [
    { name: 'order_no', type: 'text', key: true, description: '订单号' },
    { name: 'status', type: 'text', key: false, description: '状态' },
    { name: 'carrier', type: 'text', key: false, description: '快递' },
    { name: 'note', type: 'text', key: false, description: '' },
  ],
};

describe('a row as an answer', () => {
  it('says the described fields by their description, the key in the title, empty values left out', () => {
    const row = { order_no: 'A1002', status: '已发货', carrier: '顺丰', note: 'internal' };
    expect(rowSentence(orders, 'order_no', row, 'zh-CN')).toBe('订单 A1002：状态 已发货，快递 顺丰');
    expect(rowSentence(orders, 'order_no', { ...row, carrier: null }, 'en-US')).toBe('订单 A1002: 状态: 已发货');
  });

  it('says every column by its name when none is described, and the table by its name when its description is long', () => {
    const bare: DatabaseTable = {
      ...orders,
      description: 'Every order of the web shop since it opened',
      columns: orders.columns.map((column) => ({ ...column, description: '' })),
    };
    expect(rowSentence(bare, 'order_no', { order_no: 7, status: 'paid', carrier: 'UPS', note: true }, 'en-US')).toBe(
      'orders 7: status: paid; carrier: UPS; note: ✓',
    );
  });

  it('gives a model the rows as a small table, cells on one line', () => {
    expect(
      rowsTable(
        ['a', 'b'],
        [
          ['x|y', null],
          ['line\nbreak', 2],
        ],
      ),
    ).toBe('a | b\nx y | \nline break | 2');
  });
});

describe('text to SQL', () => {
  it('asks for one SELECT over the described tables in the dialect', () => {
    const prompt = sqlInstructions('postgres', [orders], 5);
    expect(prompt).toContain('a PostgreSQL database');
    expect(prompt).toContain('- orders: 订单\n  - order_no (text, key, 订单号)');
    expect(prompt).toContain('at most 5 rows');
  });

  it.each([
    ['Sure:\n```sql\nSELECT 1\n```\nDone.', 'SELECT 1'],
    ['```\nSELECT 2;\n```', 'SELECT 2;'],
    ['  SELECT 3  ', 'SELECT 3'],
    ['NONE', undefined],
    ['```sql\n\n```', undefined],
  ])('takes the SQL out of %j', (reply, sql) => {
    expect(sqlFromReply(reply)).toBe(sql);
  });
});

describe('the dbQuery node', () => {
  const rows: FoundRows = {
    text: '订单 A1002：状态 已发货',
    rows: [{ order_no: 'A1002', status: '已发货' }],
    citations: [
      {
        segmentId: 'db-1/orders',
        fileName: 'Shop · 订单',
        datasetId: '',
        databaseId: 'db-1',
        text: '订单 A1002：状态 已发货',
      },
    ],
    usage: { promptTokens: 3, completionTokens: 2, totalTokens: 5 },
  };

  it('looks the question up by default and gives later nodes its text, count and rows; the rows are cited', async () => {
    const asked: unknown[] = [];
    const graph = graphOf(
      [
        node('lookup', 'dbQuery', { databaseIds: ['db-1'] }),
        node('say', 'reply', { text: '{{lookup.count}} {{lookup.text}} {{lookup.json}}' }),
      ],
      line('start', 'lookup', 'say', 'end'),
    );
    const services = fakeServices({
      lookUpDatabases: async (request) => {
        asked.push(request);
        return rows;
      },
    });
    const { said, outcome } = await ask(graph, '订单 A1002 到哪了？', { services });
    expect(asked).toEqual([{ databaseIds: ['db-1'], query: '订单 A1002 到哪了？', limit: 5, timeoutMs: 20_000 }]);
    expect(said.join('')).toContain('1 订单 A1002：状态 已发货');
    expect(outcome.citations).toEqual([expect.objectContaining({ index: 1, databaseId: 'db-1' })]);
    expect(outcome.usage.totalTokens).toBe(5);
    expect(stepOf(outcome, 'lookup')?.output).toMatchObject({ count: 1 });
  });

  it('passes its own query, rows, model and time limit', async () => {
    const asked: unknown[] = [];
    const graph = graphOf(
      [
        node('lookup', 'dbQuery', {
          databaseIds: ['db-1'],
          query: 'order {{start.question}}',
          limit: 2,
          model: 'smart',
          timeoutMs: 900,
        }),
      ],
      line('start', 'lookup', 'end'),
    );
    const services = fakeServices({
      lookUpDatabases: async (request) => {
        asked.push(request);
        return { ...rows, rows: [], citations: [], text: '' };
      },
    });
    await ask(graph, 'A1', { services });
    expect(asked).toEqual([{ databaseIds: ['db-1'], query: 'order A1', limit: 2, model: 'smart', timeoutMs: 900 }]);
  });

  it('takes its failure branch with the lookup’s code', async () => {
    const graph = graphOf(
      [
        node('lookup', 'dbQuery', { databaseIds: ['db-1'] }),
        node('ok', 'reply', { text: 'found' }),
        node('failed', 'reply', { text: 'code {{lookup.error.code}}' }),
      ],
      [...line('start', 'lookup', 'ok', 'end'), edge('lookup', 'failed', 'error'), edge('failed', 'end')],
    );
    for (const [reason, code] of [
      ['NOT_SELECT', 'DATABASE_QUERY_REFUSED'],
      ['TABLE_GONE', 'DATABASE_TABLE_GONE'],
      ['TIMEOUT', 'DATABASE_TIMEOUT'],
      ['AUTH_FAILED', 'DATABASE_UNREACHABLE'],
      ['DATABASE_GONE', 'DATABASE_GONE'],
    ] as const) {
      const services = fakeServices({
        lookUpDatabases: async () => {
          throw new DatabaseLookupError(reason, 'driver words');
        },
      });
      const { said } = await ask(graph, 'A1002', { services });
      expect(said.join('')).toBe(`code ${code}`);
    }
    expect(asNodeError(new DatabaseLookupError('LOCKING_CLAUSE', 'x')).code).toBe('DATABASE_QUERY_REFUSED');
  });
});
