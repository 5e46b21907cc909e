import { describe, expect, it } from 'vitest';
import { keyColumns } from '../../src/databases/table-import/import-table';
import { checkTable, columnTypes, ImportRefused, readSheet, storedRows } from '../../src/knowledge/table-import/check';
import { csvGrid, type Grid, type GridCell } from '../../src/knowledge/table-import/grid';
import { columnTypeOf, convert, inferType } from '../../src/knowledge/table-import/values';

const grid = (rows: GridCell[][]): Grid => ({ rows: rows.map((cells, i) => ({ number: i + 1, cells })) });

function refusal(work: () => unknown): ImportRefused {
  try {
    work();
  } catch (error) {
    if (error instanceof ImportRefused) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('type inference', () => {
  it('finds the narrowest type every value fits; empty cells say nothing', () => {
    expect(inferType(['1', '-20', null, 3])).toBe('integer');
    expect(inferType(['1', '2.5', '-0.75'])).toBe('number');
    expect(inferType(['是', '否', 'Yes', 'FALSE', true])).toBe('boolean');
    expect(inferType(['2024-02-29', { date: '2023-01-01' }])).toBe('date');
    expect(inferType([null, null])).toBe('text');
    expect(inferType(['1', 'one'])).toBe('text');
  });

  it('keeps what would lose its form as text: leading zeros, impossible dates, date and time', () => {
    expect(inferType(['007', '12'])).toBe('text');
    expect(inferType(['2024-02-30'])).toBe('text');
    expect(inferType([{ date: '2024-01-01T10:30:00' }])).toBe('text');
    expect(inferType(['1e5'])).toBe('text');
  });

  it('converts to the stored value or names the problem', () => {
    expect(convert('是', 'boolean')).toEqual({ value: 1 });
    expect(convert('no', 'boolean')).toEqual({ value: 0 });
    expect(convert('maybe', 'boolean')).toEqual({ problem: 'IMPORT_NOT_BOOLEAN' });
    expect(convert('2024/3/5', 'date')).toEqual({ value: '2024-03-05' });
    expect(convert(' 42 ', 'integer')).toEqual({ value: 42 });
    expect(convert(4.5, 'integer')).toEqual({ problem: 'IMPORT_NOT_INTEGER' });
    expect(convert(12, 'text')).toEqual({ value: '12' });
    expect(convert({ problem: 'formula' }, 'text')).toEqual({ problem: 'IMPORT_FORMULA_NO_RESULT' });
    expect(convert('x'.repeat(10_001), 'text')).toEqual({ problem: 'IMPORT_TEXT_TOO_LONG' });
    expect(convert(null, 'integer')).toEqual({ value: null });
  });

  it("reads a built-in column's declared type by SQLite's affinity rules", () => {
    expect(columnTypeOf('INTEGER')).toBe('integer');
    expect(columnTypeOf('varchar(20)')).toBe('text');
    expect(columnTypeOf('boolean')).toBe('boolean');
    expect(columnTypeOf('date')).toBe('date');
    expect(columnTypeOf('REAL')).toBe('number');
    expect(columnTypeOf('')).toBeUndefined();
  });
});

describe('reading a csv', () => {
  it('drops a UTF-8 BOM, trims cells, reads empty cells as null and skips empty lines', () => {
    const read = csvGrid(Buffer.from('\uFEFFname, city\n\nAnn , \n', 'utf8'));
    expect(read.rows).toEqual([
      { number: 1, cells: ['name', 'city'] },
      { number: 3, cells: ['Ann', null] },
    ]);
  });
});

describe('the header row and the rows', () => {
  it('refuses an empty, duplicate (ignoring case), reserved or too long name, naming the column', () => {
    expect(refusal(() => readSheet(grid([['a', null, 'c']]))).issues).toEqual([
      { loc: ['file', 1, 2], key: 'IMPORT_HEADER_EMPTY' },
    ]);
    expect(refusal(() => readSheet(grid([['Id', 'ID']]))).issues[0]!.loc).toEqual(['file', 1, 'ID']);
    expect(refusal(() => readSheet(grid([['sqlite_x']]))).issues[0]!.key).toBe('IMPORT_HEADER_RESERVED');
    expect(refusal(() => readSheet(grid([['name', 'ROWID']]))).issues[0]).toEqual({
      loc: ['file', 1, 'ROWID'],
      key: 'IMPORT_HEADER_RESERVED',
    });
    expect(refusal(() => readSheet(grid([['x'.repeat(65)]]))).issues[0]!.key).toBe('IMPORT_HEADER_INVALID');
    // A value right of the last named column has no name either.
    expect(refusal(() => readSheet(grid([['a'], ['1', 'stray']]))).issues[0]!.loc).toEqual(['file', 2, 2]);
  });

  it('lists every value that does not fit, with the count of bad rows', () => {
    const sheet = readSheet(grid([['n'], ['1'], ['x'], ['2'], ['y']]));
    const refused = refusal(() => storedRows(sheet, [{ name: 'n', type: 'integer' }]));
    expect(refused.issues.map((issue) => issue.loc)).toEqual([
      ['file', 3, 'n'],
      ['file', 5, 'n'],
    ]);
    expect(refused.badRows).toBe(2);
  });

  it('caps the listed problems at the limit but counts every bad row', () => {
    const sheet = readSheet(grid([['n'], ...Array.from({ length: 150 }, () => ['x'])]));
    const refused = refusal(() => storedRows(sheet, columnTypes(sheet, [{ name: 'n', type: 'integer' }])));
    expect(refused.issues).toHaveLength(100);
    expect(refused.badRows).toBe(150);
  });
});

describe('key columns', () => {
  const columns = ['id', 'order_id', '工号', 'phone', 'name', 'code'].map((name) => ({ name, type: 'text' as const }));

  it('are the key-like names whose values are all present and different', () => {
    const rows = [
      ['1', 'A', 'E1', '138', 'Ann', 'X'],
      ['2', 'B', 'E2', '139', 'Bob', 'X'],
    ];
    expect(keyColumns(columns, rows)).toEqual(['id', 'order_id', '工号', 'phone']);
    expect(keyColumns(columns, [['1', null, 'E1', '138', 'Ann', 'X']])).toEqual(['id', '工号', 'phone', 'code']);
    expect(keyColumns(columns, [])).toEqual([]);
  });

  it('know the key words in snake, camel and spaced names, and not inside other words', () => {
    const named = ['order_no', 'orderNo', 'Order ID', 'sku', '手机号', 'notes', 'snow', 'casino', 'phones'].map(
      (name) => ({ name, type: 'text' as const }),
    );
    const row = named.map((_, i) => `v${i}`);
    expect(keyColumns(named, [row])).toEqual(['order_no', 'orderNo', 'Order ID', 'sku', '手机号']);
  });
});

describe('the check a parser process answers', () => {
  const table = grid([
    ['n', 'word'],
    ['1', 'a'],
    ['2', 'b'],
    ['x', 'c'],
  ]);

  it('gives the stored values only when asked to validate and when there are few enough rows', () => {
    const small = grid([['n'], ['1'], ['2']]);
    expect(checkTable(small, { validate: true, rowsUpTo: 2 }).stored).toEqual([[1], [2]]);
    const large = checkTable(small, { validate: true, rowsUpTo: 1 });
    expect(large.total).toBe(2);
    expect(large.stored).toBeUndefined();
    expect(checkTable(small, { validate: false, rowsUpTo: 10 }).stored).toBeUndefined();
  });

  it('answers a refusal instead of rows, for values and for a bad header alike', () => {
    const refused = checkTable(table, { validate: true, rowsUpTo: 10, overrides: [{ name: 'n', type: 'integer' }] });
    expect(refused.refused).toEqual({ issues: [{ loc: ['file', 4, 'n'], key: 'IMPORT_NOT_INTEGER' }], badRows: 1 });
    expect(refused.stored).toBeUndefined();
    expect(checkTable(grid([['a', 'A']]), { validate: false, rowsUpTo: 0 }).refused?.issues[0]?.key).toBe(
      'IMPORT_HEADER_DUPLICATE',
    );
  });
});
