import { PostgresDialect } from 'kysely';
import pg from 'pg';

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** PostgreSQL through a pg Pool; `schema` (validated, it lands in a connection option) sets search_path. */
export function postgresDialect(connectionString: string, schema?: string): PostgresDialect {
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new Error(`Invalid PostgreSQL schema name "${schema}"`);
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  return new PostgresDialect({ pool });
}
