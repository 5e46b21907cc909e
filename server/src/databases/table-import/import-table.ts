import type SQLite from 'better-sqlite3';
import {
  DATABASE_TABLE_LIMITS,
  type Cell,
  type ImportColumn,
  type ImportPreviewResponse,
} from '@flotilla/shared/contracts';
import type { MessageKey } from '../../lib/messages';
import { quoteSqlite } from '../builtin-tables';
import type { Grid, GridCell, GridRow } from '../../knowledge/parsers/table-grid';
import { convert, DECLARED_TYPES, inferType, type ValueProblem } from './values';

/** What is wrong with a file, a cell or a field, where (`['file', row, column]` or `['body', …]`). */
export type ImportIssue = { loc: Array<string | number>; key: MessageKey };

/** An import refused before anything was written: every issue found (the first DATABASE_TABLE_LIMITS.importErrors). */
export class ImportRefused extends Error {
  constructor(
    readonly issues: ImportIssue[],
    /** Rows with a value that does not fit, in all (0: the header or the form is wrong). */
    readonly badRows = 0,
  ) {
    super(`import refused: ${issues.map((issue) => `${issue.loc.join('.')} ${issue.key}`).join('; ')}`);
    this.name = 'ImportRefused';
  }
}

/** The header row's column names and the rows under it, as read from the file. */
export type ImportSheet = { header: GridRow; names: string[]; rows: GridRow[] };

const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Names from the header row: trimmed, non-empty, at most 64 characters, no `$` (kept for `$rowid`), not
 * `sqlite_…` (SQLite's own), unique ignoring case (as SQLite compares them). Values right of the last named
 * column have no name: refused. Any problem → ImportRefused naming the column.
 */
export function readSheet(grid: Grid): ImportSheet {
  const [header, ...rows] = grid.rows;
  if (!header) throw new ImportRefused([{ loc: ['body', 'file'], key: 'FILE_EMPTY' }]);
  let width = header.cells.length;
  while (width > 0 && header.cells[width - 1] === null) width--;
  const at = (column: number) => ['file', header.number, column + 1];
  if (width > DATABASE_TABLE_LIMITS.columns)
    throw new ImportRefused([{ loc: at(DATABASE_TABLE_LIMITS.columns), key: 'IMPORT_TOO_MANY_COLUMNS' }]);
  const names: string[] = [];
  const seen = new Set<string>();
  for (let column = 0; column < width; column++) {
    const cell = header.cells[column] ?? null;
    const name =
      cell === null ? '' : typeof cell === 'object' ? ('date' in cell ? cell.date : '') : String(cell).trim();
    const key: MessageKey | undefined =
      name === ''
        ? 'IMPORT_HEADER_EMPTY'
        : name.length > DATABASE_TABLE_LIMITS.name || CONTROL.test(name)
          ? 'IMPORT_HEADER_INVALID'
          : name.includes('$') || /^sqlite_/i.test(name)
            ? 'IMPORT_HEADER_RESERVED'
            : seen.has(name.toLowerCase())
              ? 'IMPORT_HEADER_DUPLICATE'
              : undefined;
    if (key) throw new ImportRefused([{ loc: ['file', header.number, name || column + 1], key }]);
    seen.add(name.toLowerCase());
    names.push(name);
  }
  for (const row of rows) {
    const stray = row.cells.findIndex((cell, column) => column >= width && cell !== null);
    if (stray !== -1) throw new ImportRefused([{ loc: ['file', row.number, stray + 1], key: 'IMPORT_HEADER_EMPTY' }]);
  }
  return { header, names, rows };
}

/** The inferred type of each column, then the types `overrides` give (a name not in the header → ImportRefused). */
export function columnTypes(sheet: ImportSheet, overrides: ImportColumn[] = []): ImportColumn[] {
  const columns = sheet.names.map((name, i) => ({
    name,
    type: inferType(sheet.rows.map((row) => row.cells[i] ?? null)),
  }));
  overrides.forEach((override, i) => {
    const column = columns.find((candidate) => candidate.name === override.name);
    if (!column) throw new ImportRefused([{ loc: ['body', 'columns', i, 'name'], key: 'DATABASE_COLUMN_NOT_FOUND' }]);
    column.type = override.type;
  });
  return columns;
}

/** A cell as the preview shows it (a date as its ISO text, a value the import cannot take as empty). */
function previewCell(cell: GridCell | undefined): Cell {
  if (cell === undefined || cell === null) return null;
  if (typeof cell === 'object') return 'date' in cell ? cell.date : null;
  return typeof cell === 'string' ? cell.slice(0, DATABASE_TABLE_LIMITS.cell) : cell;
}

export function previewOf(sheet: ImportSheet, columns: ImportColumn[]): ImportPreviewResponse {
  return {
    columns,
    rows: sheet.rows
      .slice(0, DATABASE_TABLE_LIMITS.previewRows)
      .map((row) => columns.map((_, i) => previewCell(row.cells[i]))),
    total: sheet.rows.length,
  };
}

/** Every row's values as stored; any value that does not fit its column → ImportRefused listing them. */
export function storedRows(sheet: ImportSheet, columns: ImportColumn[]): Array<Array<string | number | null>> {
  const issues: ImportIssue[] = [];
  let badRows = 0;
  const rows = sheet.rows.map((row) => {
    let bad = false;
    const values = columns.map((column, i) => {
      const converted = convert(row.cells[i] ?? null, column.type);
      if ('value' in converted) return converted.value;
      bad = true;
      if (issues.length < DATABASE_TABLE_LIMITS.importErrors)
        issues.push({ loc: ['file', row.number, column.name], key: converted.problem satisfies ValueProblem });
      return null;
    });
    if (bad) badRows++;
    return values;
  });
  if (badRows > 0) throw new ImportRefused(issues, badRows);
  return rows;
}

/**
 * Columns that get a UNIQUE index (so robots' key lookups are indexed and the console lists them as keys):
 * those whose name ends in a key word — id, code, no, num, number, phone, mobile, email, sku, sn, alone or after
 * `_`, `-`, a space or in camel case (order_no, orderNo, Order ID), or holds 号 (编号, 工号, 手机号), 手机, 电话,
 * 邮箱 — and whose values are all present and all different.
 */
const KEY_WORD = /(?:^|[_\s-])(?:id|code|no|num|number|phone|mobile|email|sku|sn)$/i;
const CAMEL_KEY_WORD = /[a-z0-9](?:Id|ID|Code|No|Num|Number|Phone|Mobile|Email|Sku|SKU|Sn|SN)$/;
export function keyColumns(columns: ImportColumn[], rows: Array<Array<string | number | null>>): string[] {
  const looksLikeKey = (name: string) =>
    KEY_WORD.test(name) || CAMEL_KEY_WORD.test(name) || /(号|手机|电话|邮箱)/.test(name);
  return columns
    .filter((column, i) => {
      if (!looksLikeKey(column.name) || rows.length === 0) return false;
      const values = new Set<string | number>();
      for (const row of rows) {
        const value = row[i];
        if (value === null || value === undefined || value === '') return false;
        if (values.has(value)) return false;
        values.add(value);
      }
      return true;
    })
    .map((column) => column.name);
}

/** Rows inserted between two steps of a background import. */
const INSERT_BATCH = 2000;
/** The table an import builds before it takes the real name (`$`: no imported name has one). */
const BUILDING = '$import';

/**
 * Creates or replaces `table` in one transaction: builds it under a temporary name, drops the old one and
 * renames the new one, then indexes its key columns — a reader sees the old table or the new one, never half
 * of either. `step` (background imports) runs between batches of rows: it may throw to stop, rolling back.
 */
export async function writeTable(
  database: SQLite.Database,
  table: string,
  columns: ImportColumn[],
  rows: Array<Array<string | number | null>>,
  step?: (fraction: number) => Promise<void>,
): Promise<void> {
  const building = quoteSqlite(BUILDING);
  const definition = columns.map((column) => `${quoteSqlite(column.name)} ${DECLARED_TYPES[column.type]}`).join(', ');
  const keys = keyColumns(columns, rows);
  database.exec('BEGIN IMMEDIATE');
  try {
    database.exec(`DROP TABLE IF EXISTS ${building}`);
    database.exec(`CREATE TABLE ${building} (${definition})`);
    const insert = database.prepare(
      `INSERT INTO ${building} (${columns.map((column) => quoteSqlite(column.name)).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
    );
    for (let start = 0; start < rows.length; start += INSERT_BATCH) {
      for (const row of rows.slice(start, start + INSERT_BATCH)) insert.run(row);
      if (step) await step(Math.min(1, (start + INSERT_BATCH) / rows.length));
    }
    database.exec(`DROP TABLE IF EXISTS ${quoteSqlite(table)}`);
    database.exec(`ALTER TABLE ${building} RENAME TO ${quoteSqlite(table)}`);
    for (const key of keys)
      database.exec(
        `CREATE UNIQUE INDEX ${quoteSqlite(`${table}$${key}`)} ON ${quoteSqlite(table)} (${quoteSqlite(key)})`,
      );
    database.exec('COMMIT');
  } catch (error) {
    if (database.inTransaction) database.exec('ROLLBACK');
    throw error;
  }
}
