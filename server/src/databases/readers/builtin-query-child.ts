import SQLite from 'better-sqlite3';
import { toCell } from './cells';

/** One statement a model wrote, already checked, to run on a built-in database's file. */
export type BuiltinQueryRequest = {
  id: number;
  path: string;
  sql: string;
  params: readonly (string | number | null)[];
  maxRows: number;
};
export type BuiltinQueryResponse =
  { id: number; columns: string[]; rows: unknown[][] } | { id: number; error: { code?: string; message: string } };

// A process of its own, because SQLite cannot be interrupted from JavaScript: at the statement's timeout the
// server kills this process, and the statement with it. The files stay open between queries (a few at most).
const open = new Map<string, SQLite.Database>();
const OPEN_FILES = 8;

function databaseAt(path: string): SQLite.Database {
  let database = open.get(path);
  if (!database) {
    if (open.size >= OPEN_FILES) {
      const [oldest, handle] = open.entries().next().value!;
      handle.close();
      open.delete(oldest);
    }
    database = new SQLite(path, { readonly: true, fileMustExist: true });
    database.pragma('query_only = ON');
    open.set(path, database);
  }
  return database;
}

function run(request: BuiltinQueryRequest): BuiltinQueryResponse {
  try {
    const prepared = databaseAt(request.path).prepare(request.sql);
    // ATTACH and the like run even on a read-only handle: nothing but a query runs here.
    if (!prepared.reader) return { id: request.id, error: { message: 'only a query may run' } };
    const statement = prepared.raw(true);
    const columns = statement.columns().map((column) => column.name);
    const rows: unknown[][] = [];
    // Iterated, so a statement that would produce more rows than the cap stops at the cap.
    for (const row of statement.iterate(...request.params) as IterableIterator<unknown[]>) {
      rows.push(row.map(toCell));
      if (rows.length >= request.maxRows) break;
    }
    return { id: request.id, columns, rows };
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    return { id: request.id, error: { ...(code && { code }), message: message ?? String(error) } };
  }
}

process.on('disconnect', () => process.exit(0));
process.on('message', (request: BuiltinQueryRequest) => process.send?.(run(request)));
process.send?.({ id: 0, columns: [], rows: [] } satisfies BuiltinQueryResponse);
