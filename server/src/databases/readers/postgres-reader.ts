import pg from 'pg';
import { databaseErrorCode } from '../../lib/database-connection';
import {
  DatabaseQueryError,
  QUERY_DEFAULTS,
  type DatabaseReader,
  type IntrospectedTable,
  type QueryLimits,
  type QueryRows,
  type Statement,
} from '../reader';
import { toCell } from './cells';
import type { ResolvedTarget } from './resolved-target';

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/** What a failed statement was: its time ran out (57014), its table is gone (42P01), a connection failure, else. */
function postgresError(error: unknown): DatabaseQueryError {
  if (error instanceof DatabaseQueryError) return error;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const detail = typeof message === 'string' ? message : String(error);
  if (code === '57014' || /timeout/i.test(detail)) return new DatabaseQueryError('TIMEOUT', detail);
  if (code === '42P01') return new DatabaseQueryError('TABLE_GONE', detail);
  // A SQLSTATE of another class is the statement's own failure; the rest (connection 08, authorization 28, no
  // such database 3D000) is the connection's.
  const connecting = typeof code === 'string' && (code.startsWith('08') || code.startsWith('28') || code === '3D000');
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !connecting)
    return new DatabaseQueryError('QUERY_FAILED', detail);
  return new DatabaseQueryError(databaseErrorCode(error), detail);
}

// The catalog read of the database's own schema: every table and view with its columns, and the columns that
// are alone in a unique index (primary keys are such indexes too).
const COLUMNS_SQL = `
  SELECT c.relname AS table_name, a.attname AS column_name, format_type(a.atttypid, NULL) AS data_type,
         COALESCE(bool_or(i.indisprimary), false) AS primary_key, COALESCE(bool_or(i.indisunique), false) AS is_unique
  FROM pg_catalog.pg_class c
  JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
  JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
  LEFT JOIN pg_catalog.pg_index i ON i.indrelid = c.oid AND i.indisunique AND i.indnkeyatts = 1
       AND i.indpred IS NULL AND i.indkey[0] = a.attnum
  WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'v', 'm', 'p')
  GROUP BY c.relname, a.attname, a.atttypid, a.attnum
  ORDER BY c.relname, a.attnum`;

/**
 * An external PostgreSQL database through a small pool to the address checked when the reader opened. Every
 * statement runs in its own transaction: `BEGIN; SET TRANSACTION READ ONLY; SET LOCAL statement_timeout`, and
 * the session's default is read-only as well. A statement that outlasts the timeout plus a second is given
 * up by the client too, and its connection dropped.
 */
export function postgresReader(target: ResolvedTarget): DatabaseReader {
  const pool = new pg.Pool({
    host: target.address,
    port: target.port,
    database: target.database,
    user: target.user,
    password: target.password ?? '',
    max: 4,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: QUERY_DEFAULTS.timeoutMs,
    application_name: 'flotilla',
    options: '-c default_transaction_read_only=on',
    allowExitOnIdle: true,
  });
  // An idle connection the server closes must not become an unhandled 'error' event.
  pool.on('error', () => undefined);

  async function query(statement: Statement, limits: Partial<QueryLimits>): Promise<QueryRows> {
    const { timeoutMs, maxRows } = { ...QUERY_DEFAULTS, ...limits };
    const client = await pool.connect().catch((error: unknown) => {
      throw postgresError(error);
    });
    let broken: unknown;
    // Every round trip is bounded, not only the statement: a server gone silent must not hold the request.
    const bounded = (text: string) => client.query({ text, query_timeout: timeoutMs + 1000 } as pg.QueryConfig);
    try {
      await bounded(`BEGIN; SET TRANSACTION READ ONLY; SET LOCAL statement_timeout = ${Math.ceil(timeoutMs)}`);
      // query_timeout and queryMode are read by pg (client.js, query.js) but missing from its types. Without
      // parameters pg would send the text as a simple query, which runs several statements: `SELECT 1; COMMIT;
      // BEGIN READ WRITE; DELETE …` would leave the read-only transaction. The extended protocol runs one.
      const config: pg.QueryArrayConfig & { query_timeout: number; queryMode: 'extended' } = {
        text: statement.sql,
        values: statement.params ? [...statement.params] : [],
        rowMode: 'array',
        query_timeout: timeoutMs + 1000,
        queryMode: 'extended',
      };
      const result = await client.query(config);
      await bounded('COMMIT');
      return {
        columns: result.fields.map((field) => field.name),
        rows: (result.rows as unknown[][]).slice(0, maxRows).map((row) => row.map(toCell)),
      };
    } catch (error) {
      await bounded('ROLLBACK').catch((rollback: unknown) => (broken = rollback));
      if (/query read timeout/i.test(String((error as Error).message))) broken = error;
      throw postgresError(error);
    } finally {
      // A connection whose query the client gave up on, or that failed to roll back, is not reused.
      client.release(broken instanceof Error ? broken : undefined);
    }
  }

  return {
    kind: 'postgres',
    dialect: 'postgres',
    quote,
    placeholder: (n) => `$${n}`,

    async tables(): Promise<IntrospectedTable[]> {
      const { rows } = await query({ sql: COLUMNS_SQL, origin: 'code' }, { maxRows: Number.MAX_SAFE_INTEGER });
      const tables = new Map<string, IntrospectedTable>();
      for (const [table, column, type, primaryKey, unique] of rows as [string, string, string, boolean, boolean][]) {
        const entry = tables.get(table) ?? { name: table, columns: [] };
        entry.columns.push({ name: column, type, primaryKey, unique });
        tables.set(table, entry);
      }
      return [...tables.values()];
    },

    select: query,

    async close() {
      await pool.end().catch(() => undefined);
    },
  };
}
