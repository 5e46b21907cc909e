import SQLite from 'better-sqlite3';
import { ROW_ID_FIELD, type Cell, type DatabaseRow } from '@flotilla/shared/contracts';
import { toCell } from './readers/cells';

/** SQLite's quoting of an identifier: a name with quotes in it stays one name. */
export const quoteSqlite = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/**
 * How long a write waits for another writer of the same file. Short: SQLite waits by blocking the thread, and
 * the writer it waits for is usually a background import of this same process, which cannot go on meanwhile
 * — a row edit during an import answers 409 DATABASE_BUSY at once rather than stalling every request.
 */
const BUSY_TIMEOUT_MS = 50;

/**
 * A writable handle on a built-in database's file, for the console's edits and imports only (robots read
 * through the read-only readers). Opened per request: opening a SQLite file costs well under a millisecond,
 * and no handle is left holding a file whose database was deleted.
 */
export function openBuiltin(path: string): SQLite.Database {
  const database = new SQLite(path, { fileMustExist: true });
  database.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  return database;
}

export function withBuiltin<T>(path: string, work: (database: SQLite.Database) => T): T {
  const database = openBuiltin(path);
  try {
    return work(database);
  } finally {
    database.close();
  }
}

/** A column of a built-in table as SQLite declares it. */
export type BuiltinColumn = { name: string; type: string };

/** The columns of a table (not a view, not SQLite's own), in order; undefined when there is no such table. */
export function builtinColumns(database: SQLite.Database, table: string): BuiltinColumn[] | undefined {
  const exists = database
    .prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ? AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
    .get(table);
  if (!exists) return undefined;
  return database.prepare('SELECT name, type FROM pragma_table_info(?) ORDER BY cid').all(table) as BuiltinColumn[];
}

/**
 * A value of a built-in table as the console shows it: as the readers show any value (binary as a short
 * placeholder, long text cut), and 0/1 of a BOOLEAN column (as imports declare them) as false/true.
 */
export function cellOf(value: unknown, type = ''): Cell {
  if (/^BOOL/i.test(type) && (value === 0 || value === 1)) return value === 1;
  return toCell(value);
}

/** One row of a built-in table by rowid, as the console shows it (with `$rowid`); undefined when gone. */
export function readBuiltinRow(
  database: SQLite.Database,
  table: string,
  columns: BuiltinColumn[],
  rowId: number,
): DatabaseRow | undefined {
  const list = columns.map((column) => quoteSqlite(column.name)).join(', ');
  const values = database
    .prepare(`SELECT rowid${list ? `, ${list}` : ''} FROM ${quoteSqlite(table)} WHERE rowid = ?`)
    .raw()
    .get(rowId) as unknown[] | undefined;
  if (!values) return undefined;
  const row: DatabaseRow = { [ROW_ID_FIELD]: Number(values[0]) };
  columns.forEach((column, i) => (row[column.name] = cellOf(values[i + 1], column.type)));
  return row;
}
