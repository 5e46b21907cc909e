import type SQLite from 'better-sqlite3';
import { DATABASE_TABLE_LIMITS } from '@flotilla/shared/contracts';
import { quoteSqlite } from './builtin-tables';

/**
 * The indexes the server makes so that robots' key lookups (`WHERE k IN (…)`, run on the server's own thread)
 * search rather than scan: `flotilla_key$<table>$<column>`. Built-in table and column names never hold `$`
 * (imports and row edits refuse them), so one name belongs to one table's one column, and it meets neither a
 * table's name (SQLite's indexes and tables share one namespace) nor an import's `<table>$<column>` index,
 * which has a single `$`. Both names are at most DATABASE_TABLE_LIMITS.name characters, so the index's is
 * bounded too; CJK names are kept as they are, quoted like any identifier.
 */
const PREFIX = 'flotilla_key$';
export const keyIndexName = (table: string, column: string) => `${PREFIX}${table}$${column}`;

/** A name the scheme above holds for (any other is left unindexed: built-in tables have none). */
const ownName = (name: string) => !name.includes('$') && name.length <= DATABASE_TABLE_LIMITS.name;

type TableInfo = { name: string; type: string; pk: number };
type IndexInfo = { name: string; partial: number };

/** The column each index leads with (an expression leads with null), partial indexes left out. */
function leadingColumns(database: SQLite.Database, table: string): Array<{ index: string; column: string | null }> {
  const indexes = database.prepare(`PRAGMA index_list(${quoteSqlite(table)})`).all() as IndexInfo[];
  return indexes
    .filter((index) => !index.partial)
    .map((index) => {
      const first = database.prepare(`PRAGMA index_info(${quoteSqlite(index.name)})`).get() as
        { name: string | null } | undefined;
      return { index: index.name, column: first?.name ?? null };
    });
}

/**
 * The statements that make the table's key columns indexed: an index for each key that neither is the rowid's
 * alias (an INTEGER PRIMARY KEY) nor leads an index (an equality on a multi-column index's first column
 * searches it too), and a drop of the server's own key indexes of columns no longer keys — an index made for
 * robots' lookups goes with the key, as it costs every write and the file's space and the console offers no
 * other way to remove it. Empty for a name that is not a table (a view has no index).
 */
export function keyIndexStatements(database: SQLite.Database, table: string, keys: string[]): string[] {
  if (!ownName(table)) return [];
  const exists = database.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?").get(table);
  if (!exists) return [];
  const columns = database.prepare(`PRAGMA table_info(${quoteSqlite(table)})`).all() as TableInfo[];
  const primary = columns.filter((column) => column.pk > 0);
  const rowIdAlias = primary.length === 1 && /^integer$/i.test(primary[0]!.type) ? primary[0]!.name : undefined;
  const leading = leadingColumns(database, table);
  const present = new Set(columns.map((column) => column.name));
  const wanted = new Set(keys.filter((key) => present.has(key) && ownName(key)));
  const statements: string[] = [];
  for (const key of wanted) {
    if (key === rowIdAlias || leading.some((index) => index.column === key)) continue;
    statements.push(
      `CREATE INDEX IF NOT EXISTS ${quoteSqlite(keyIndexName(table, key))} ON ${quoteSqlite(table)} (${quoteSqlite(key)})`,
    );
  }
  for (const { index, column } of leading) {
    if (column === null || wanted.has(column) || index !== keyIndexName(table, column)) continue;
    statements.push(`DROP INDEX IF EXISTS ${quoteSqlite(index)}`);
  }
  return statements;
}

/**
 * Makes a built-in table's key columns indexed (see keyIndexStatements) through a writable handle. Nothing is
 * written when nothing is to change; otherwise one immediate transaction, planned again inside it (an import
 * may have replaced the table meanwhile). Another writer holding the file fails it with SQLITE_BUSY.
 */
export function indexKeyColumns(database: SQLite.Database, table: string, keys: string[]): void {
  if (keyIndexStatements(database, table, keys).length === 0) return;
  database
    .transaction(() => {
      for (const statement of keyIndexStatements(database, table, keys)) database.exec(statement);
    })
    .immediate();
}
