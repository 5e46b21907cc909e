import { CamelCasePlugin, Kysely } from 'kysely';
import type { Config } from '../config';
import { postgresDialect } from './dialects/postgres';
import { sqliteDialect } from './dialects/sqlite';
import type { DB } from './schema';

export type Database = Kysely<DB>;
export type DialectName = 'sqlite' | 'postgres';

export function createDatabase(config: Pick<Config, 'databaseUrl' | 'databaseSchema' | 'dataDir'>): {
  db: Database;
  dialect: DialectName;
} {
  const dialect = config.databaseUrl
    ? postgresDialect(config.databaseUrl, config.databaseSchema)
    : sqliteDialect(config.dataDir);
  // The one place where snake_case columns become the camelCase names of the code and the JSON.
  const db = new Kysely<DB>({ dialect, plugins: [new CamelCasePlugin()] });
  return { db, dialect: config.databaseUrl ? 'postgres' : 'sqlite' };
}

/** Unique-constraint violation on either dialect (a race lost against a concurrent insert). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
