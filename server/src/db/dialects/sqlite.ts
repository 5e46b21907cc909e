import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { SqliteDialect } from 'kysely';

/** SQLite file `<dataDir>/flotilla.db`, in WAL mode (readers don't block the writer) with foreign keys on. */
export function sqliteDialect(dataDir: string): SqliteDialect {
  mkdirSync(dataDir, { recursive: true });
  const database = new SQLite(join(dataDir, 'flotilla.db'));
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  return new SqliteDialect({ database });
}
