import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { SqliteDialect, type SqliteDatabase } from 'kysely';
import { startWalCheckpointer, WRITER_AUTOCHECKPOINT_PAGES } from '../wal-checkpointer';

/** How many distinct SQL texts keep a prepared statement; the app issues far fewer. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query again; preparing costs as much as running a small query. The app's
 * queries are a small fixed set of SQL texts (values are bound parameters), so statements are
 * prepared once and reused. Kysely runs a statement to completion before the next one starts
 * (better-sqlite3 is synchronous), so reuse is safe.
 */
function withStatementCache(database: SQLite.Database, onClose: () => void): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      onClose();
      database.close();
    },
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
        statement = database.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * SQLite file `<dataDir>/flotilla.db`, in WAL mode (readers don't block the writer) with foreign keys on,
 * checkpointed by a thread of its own (wal-checkpointer.ts).
 */
export function sqliteDialect(dataDir: string): SqliteDialect {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'flotilla.db');
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  database.pragma('cache_size = -65536');
  database.pragma(`wal_autocheckpoint = ${WRITER_AUTOCHECKPOINT_PAGES}`);
  const checkpointer = startWalCheckpointer(file);
  return new SqliteDialect({ database: withStatementCache(database, checkpointer.stop) });
}
