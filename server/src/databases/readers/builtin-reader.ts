import SQLite from 'better-sqlite3';
import {
  DatabaseQueryError,
  QUERY_DEFAULTS,
  type DatabaseReader,
  type IntrospectedTable,
  type QueryLimits,
  type QueryRows,
  type Statement,
} from '../reader';
import { quoteSqlite } from '../builtin-tables';
import { toCell } from './cells';
import { builtinQueryError, type BuiltinQueryProcesses } from './builtin-query-processes';

/**
 * A statement that returns rows, or a refusal: ATTACH, PRAGMA writes and the like run even on a read-only
 * handle (ATTACH opens another file), so nothing but a query runs here, whatever checked it before.
 */
export function onlyQuery<T extends SQLite.Statement>(statement: T): T {
  if (!statement.reader) throw new DatabaseQueryError('QUERY_FAILED', 'only a query may run');
  return statement;
}

type TableInfo = { name: string; type: string; pk: number };
type IndexInfo = { name: string; unique: number; origin: string; partial: number };

/**
 * A built-in database's SQLite file, opened read-only (and `query_only`). Statements the server builds
 * (row pages, key lookups: indexed or limited) run here; statements a model wrote run in `processes`,
 * which can stop them at their timeout.
 */
export function builtinReader(path: string, processes: BuiltinQueryProcesses): DatabaseReader {
  let handle: SQLite.Database | undefined;
  const database = () => {
    if (!handle) {
      try {
        handle = new SQLite(path, { readonly: true, fileMustExist: true });
      } catch (error) {
        throw new DatabaseQueryError('DATABASE_NOT_FOUND', (error as Error).message);
      }
      handle.pragma('query_only = ON');
    }
    return handle;
  };

  return {
    kind: 'builtin',
    dialect: 'sqlite',
    quote: quoteSqlite,
    placeholder: () => '?',

    async tables(): Promise<IntrospectedTable[]> {
      const sqlite = database();
      const names = sqlite
        .prepare(
          "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
        )
        .pluck()
        .all() as string[];
      return names.map((name) => {
        const columns = sqlite.prepare(`PRAGMA table_info(${quoteSqlite(name)})`).all() as TableInfo[];
        const unique = new Set<string>();
        for (const index of sqlite.prepare(`PRAGMA index_list(${quoteSqlite(name)})`).all() as IndexInfo[]) {
          if (!index.unique || index.partial) continue;
          const indexed = sqlite.prepare(`PRAGMA index_info(${quoteSqlite(index.name)})`).all() as { name: string }[];
          if (indexed.length === 1 && indexed[0]!.name) unique.add(indexed[0]!.name);
        }
        const primary = columns.filter((column) => column.pk > 0);
        return {
          name,
          columns: columns.map((column) => ({
            name: column.name,
            type: column.type.toLowerCase(),
            // A one-column primary key; a composite one names no single key column.
            primaryKey: primary.length === 1 && column.pk > 0,
            unique: unique.has(column.name),
          })),
        };
      });
    },

    async select(statement: Statement, limits: Partial<QueryLimits> = {}): Promise<QueryRows> {
      const { timeoutMs, maxRows } = { ...QUERY_DEFAULTS, ...limits };
      const params = statement.params ?? [];
      if (statement.origin === 'model') return processes.run({ path, sql: statement.sql, params, maxRows }, timeoutMs);
      try {
        const prepared = onlyQuery(database().prepare(statement.sql)).raw(true);
        const columns = prepared.columns().map((column) => column.name);
        const rows: QueryRows['rows'] = [];
        for (const row of prepared.iterate(...params) as IterableIterator<unknown[]>) {
          rows.push(row.map(toCell));
          if (rows.length >= maxRows) break;
        }
        return { columns, rows };
      } catch (error) {
        if (error instanceof DatabaseQueryError) throw error;
        throw builtinQueryError(error as Error);
      }
    },

    async close() {
      handle?.close();
      handle = undefined;
    },
  };
}
