import mysql from 'mysql2/promise';
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

const quote = (identifier: string) => `\`${identifier.replaceAll('`', '``')}\``;

/**
 * What a failed statement was: out of time (MySQL 3024, MariaDB 1969, the client's own timeout), its table gone
 * (1146), a connection failure, else.
 */
function mysqlError(error: unknown): DatabaseQueryError {
  if (error instanceof DatabaseQueryError) return error;
  const { code, errno, message } = (error ?? {}) as { code?: unknown; errno?: unknown; message?: unknown };
  const detail = typeof message === 'string' ? message : String(error);
  if (errno === 3024 || errno === 1969 || code === 'PROTOCOL_SEQUENCE_TIMEOUT')
    return new DatabaseQueryError('TIMEOUT', detail);
  if (errno === 1146) return new DatabaseQueryError('TABLE_GONE', detail);
  const connection = databaseErrorCode(error);
  if (connection === 'CONNECTION_FAILED' && typeof errno === 'number')
    return new DatabaseQueryError('QUERY_FAILED', detail);
  return new DatabaseQueryError(connection, detail);
}

/**
 * Whether a statement starts as a query: MySQL and MariaDB end a read-only transaction before DDL (an implicit
 * commit) and then run it, so the transaction alone does not stop `DROP TABLE`. The SQL check already refuses
 * DDL; this keeps the reader itself from running any. Executable comments (`/*! … *\/`) are code, not comments.
 */
export function startsAsQuery(sql: string): boolean {
  const start = sql.replace(/^(?:\s+|\(|--[^\n]*(?:\n|$)|#[^\n]*(?:\n|$)|\/\*(?!!|M!)[\s\S]*?\*\/)*/, '');
  return /^(?:select|with)\b/i.test(start);
}

const COLUMNS_SQL = `
  SELECT c.TABLE_NAME, c.COLUMN_NAME, c.DATA_TYPE, c.COLUMN_KEY = 'PRI' AS primary_key,
         EXISTS (SELECT 1 FROM information_schema.STATISTICS s
                 WHERE s.TABLE_SCHEMA = c.TABLE_SCHEMA AND s.TABLE_NAME = c.TABLE_NAME AND s.COLUMN_NAME = c.COLUMN_NAME
                   AND s.NON_UNIQUE = 0
                   AND (SELECT COUNT(*) FROM information_schema.STATISTICS o
                        WHERE o.TABLE_SCHEMA = s.TABLE_SCHEMA AND o.TABLE_NAME = s.TABLE_NAME
                          AND o.INDEX_NAME = s.INDEX_NAME) = 1) AS is_unique
  FROM information_schema.COLUMNS c
  JOIN information_schema.TABLES t ON t.TABLE_SCHEMA = c.TABLE_SCHEMA AND t.TABLE_NAME = c.TABLE_NAME
  WHERE c.TABLE_SCHEMA = DATABASE()
  ORDER BY c.TABLE_NAME, c.ORDINAL_POSITION`;

/**
 * An external MySQL or MariaDB database through a small pool to the address checked when the reader opened.
 * Every statement runs in `START TRANSACTION READ ONLY`, under the session's statement time limit (MariaDB
 * `max_statement_time`, MySQL `MAX_EXECUTION_TIME`) and the client's own timeout, which drops the connection.
 */
export function mysqlReader(target: ResolvedTarget): DatabaseReader {
  const pool = mysql.createPool({
    host: target.address,
    port: target.port,
    database: target.database,
    user: target.user,
    password: target.password ?? '',
    connectionLimit: 4,
    maxIdle: 2,
    idleTimeout: 30_000,
    connectTimeout: QUERY_DEFAULTS.timeoutMs,
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: true,
  });
  pool.on('connection', (connection) => connection.on('error', () => undefined));
  let mariadb: Promise<boolean> | undefined;
  // Connections whose session already has the statement time limit (keyed by the driver's own connection).
  const limited = new WeakSet<object>();

  /** A pooled connection within the statement's time; one that arrives after it goes back to the pool. */
  async function connect(timeoutMs: number): Promise<mysql.PoolConnection> {
    const acquiring = pool.getConnection();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        acquiring.then(
          (connection) => connection.release(),
          () => undefined,
        );
        reject(new DatabaseQueryError('TIMEOUT', 'no connection became free in time'));
      }, timeoutMs);
    });
    try {
      return await Promise.race([acquiring, late]);
    } catch (error) {
      throw mysqlError(error);
    } finally {
      clearTimeout(timer);
    }
  }

  async function query(statement: Statement, limits: Partial<QueryLimits>): Promise<QueryRows> {
    const { timeoutMs, maxRows } = { ...QUERY_DEFAULTS, ...limits };
    if (!startsAsQuery(statement.sql)) throw new DatabaseQueryError('QUERY_FAILED', 'only a query may run');
    const connection = await connect(timeoutMs);
    let reusable = false;
    // Every round trip is bounded, not only the statement: a server gone silent must not hold the request.
    const timeout = timeoutMs + 1000;
    try {
      // The limit of the session is set once per connection unless a statement asks for another.
      const core = connection.connection as object;
      if (!limited.has(core) || timeoutMs !== QUERY_DEFAULTS.timeoutMs) {
        mariadb ??= connection
          .query<mysql.RowDataPacket[]>({ sql: 'SELECT VERSION() AS version', timeout })
          .then(([rows]) => /mariadb/i.test(String(rows[0]?.version)))
          .catch((error: unknown) => {
            // Asked again next time rather than failing every later statement.
            mariadb = undefined;
            throw error;
          });
        const seconds = (Math.ceil(timeoutMs) / 1000).toFixed(3);
        await connection.query({
          sql: (await mariadb)
            ? `SET SESSION max_statement_time = ${seconds}`
            : `SET SESSION MAX_EXECUTION_TIME = ${Math.ceil(timeoutMs)}`,
          timeout,
        });
        if (timeoutMs === QUERY_DEFAULTS.timeoutMs) limited.add(core);
        else limited.delete(core);
      }
      await connection.query({ sql: 'START TRANSACTION READ ONLY', timeout });
      const [rows, fields] = await connection.query<mysql.RowDataPacket[]>({
        sql: statement.sql,
        values: statement.params ? [...statement.params] : [],
        rowsAsArray: true,
        timeout,
      });
      await connection.query({ sql: 'COMMIT', timeout });
      reusable = true;
      return {
        columns: (fields ?? []).map((field) => field.name),
        rows: (rows as unknown as unknown[][]).slice(0, maxRows).map((row) => row.map(toCell)),
      };
    } catch (error) {
      // A command the client gave up on still heads the connection's queue, so a ROLLBACK would wait behind it
      // for ever: that connection is dropped instead (which ends its transaction on the server).
      const gaveUp = (error as { code?: unknown }).code === 'PROTOCOL_SEQUENCE_TIMEOUT';
      if (!gaveUp)
        await connection.query({ sql: 'ROLLBACK', timeout }).then(
          () => (reusable = true),
          () => undefined,
        );
      throw mysqlError(error);
    } finally {
      if (reusable) connection.release();
      else connection.destroy();
    }
  }

  return {
    kind: 'mysql',
    dialect: 'mysql',
    quote,
    placeholder: () => '?',

    async tables(): Promise<IntrospectedTable[]> {
      const { rows } = await query({ sql: COLUMNS_SQL, origin: 'code' }, { maxRows: Number.MAX_SAFE_INTEGER });
      const tables = new Map<string, IntrospectedTable>();
      for (const [table, column, type, primaryKey, unique] of rows as [string, string, string, number, number][]) {
        const entry = tables.get(table) ?? { name: table, columns: [] };
        entry.columns.push({ name: column, type: type.toLowerCase(), primaryKey: !!primaryKey, unique: !!unique });
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
