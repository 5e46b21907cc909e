import type { Cell, DatabaseKind, DatabaseTestError } from '@flotilla/shared/contracts';
import type { SqlDialect } from '../lib/sql-guard';

/** A column as the database itself declares it. */
export interface IntrospectedColumn {
  name: string;
  /** The database's type name, lower case (`integer`, `character varying`, `text`…). */
  type: string;
  primaryKey: boolean;
  /** Part of a single-column unique constraint or index. */
  unique: boolean;
}

/** A table (or view) of the database's own schema: the default schema of PostgreSQL, the database of MySQL. */
export interface IntrospectedTable {
  name: string;
  columns: IntrospectedColumn[];
}

/** Budgets of one statement: its time on the server and the rows it may return. */
export interface QueryLimits {
  timeoutMs: number;
  maxRows: number;
}

export const QUERY_DEFAULTS: QueryLimits = { timeoutMs: 5000, maxRows: 200 };

/** Rows as column names and values in column order. */
export interface QueryRows {
  columns: string[];
  rows: Cell[][];
}

/**
 * Where a statement comes from. `code`: built by the server from quoted identifiers and parameters (row
 * pages, key lookups). `model`: SQL a model wrote, already passed by checkReadOnlySql; on a built-in database
 * it runs in a child process that is killed at the timeout, since SQLite cannot be interrupted in-process.
 */
export type StatementOrigin = 'code' | 'model';

export interface Statement {
  sql: string;
  params?: readonly (string | number | null)[];
  origin: StatementOrigin;
}

/** Why a query failed, stable: its time ran out, a table it names is gone, the connection's codes, or else. */
export type QueryFailure = 'TIMEOUT' | 'TABLE_GONE' | 'QUERY_FAILED' | DatabaseTestError;

export class DatabaseQueryError extends Error {
  constructor(
    readonly code: QueryFailure,
    /** The driver's words, for the server log and operators; never for visitors. */
    readonly detail: string,
  ) {
    super(`${code}: ${detail}`);
    this.name = 'DatabaseQueryError';
  }
}

/**
 * Read access to one database, whatever its kind. Every statement runs read-only (PostgreSQL
 * `SET TRANSACTION READ ONLY`, MySQL `START TRANSACTION READ ONLY`, SQLite opened read-only), under a
 * statement timeout, and returns at most `maxRows` rows. Failures throw DatabaseQueryError.
 */
export interface DatabaseReader {
  readonly kind: DatabaseKind;
  readonly dialect: SqlDialect;
  /** The tables of the database's own schema with their columns and keys, by name. */
  tables(): Promise<IntrospectedTable[]>;
  select(statement: Statement, limits?: Partial<QueryLimits>): Promise<QueryRows>;
  /** The identifier quoted for the dialect (`"a""b"` or `` `a``b` ``). */
  quote(identifier: string): string;
  /** `?` for SQLite and MySQL, `$n` for PostgreSQL (n from 1). */
  placeholder(n: number): string;
  close(): Promise<void>;
}
