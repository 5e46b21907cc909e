import type SQLite from 'better-sqlite3';
import type { ImportColumn } from '@flotilla/shared/contracts';
import type { StoredRow } from '../../knowledge/table-import/check';
import { DECLARED_TYPES } from '../../knowledge/table-import/values';
import { quoteSqlite } from '../builtin-tables';
import { keyIndexStatements } from '../key-indexes';

/**
 * Columns that get a UNIQUE index (so robots' key lookups are indexed and the console lists them as keys):
 * those whose name ends in a key word — id, code, no, num, number, phone, mobile, email, sku, sn, alone or after
 * `_`, `-`, a space or in camel case (order_no, orderNo, Order ID), or holds 号 (编号, 工号, 手机号), 手机, 电话,
 * 邮箱 — and whose values are all present and all different.
 */
const KEY_WORD = /(?:^|[_\s-])(?:id|code|no|num|number|phone|mobile|email|sku|sn)$/i;
const CAMEL_KEY_WORD = /[a-z0-9](?:Id|ID|Code|No|Num|Number|Phone|Mobile|Email|Sku|SKU|Sn|SN)$/;
export function keyColumns(columns: ImportColumn[], rows: StoredRow[]): string[] {
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
 * `notedKeys`: the columns operators marked as keys of the table replaced; dropping it dropped their indexes,
 * so the new table gets them again (see keyIndexStatements).
 */
export async function writeTable(
  database: SQLite.Database,
  table: string,
  columns: ImportColumn[],
  rows: StoredRow[],
  step?: (fraction: number) => Promise<void>,
  notedKeys: string[] = [],
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
    for (const statement of keyIndexStatements(database, table, notedKeys)) database.exec(statement);
    database.exec('COMMIT');
  } catch (error) {
    if (database.inTransaction) database.exec('ROLLBACK');
    throw error;
  }
}
