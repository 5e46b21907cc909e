/**
 * The read-only check of SQL a robot writes for an operator's database (SQLite, PostgreSQL, MySQL/MariaDB):
 * parsed with node-sql-parser, never matched as text. docs/security.md (Databases: read-only SQL) says what
 * is refused and why functions are an allow list.
 *
 * - `checkReadOnlySql(sql, { dialect, tables, maxRows })` → `{ ok: true, sql }` (the statement to run, its
 *   rows capped) or `{ ok: false, refusal, detail }` (`detail` for logs only).
 */
export { ALLOWED_FUNCTIONS, SQL_DIALECTS, type SqlDialect } from './allowed-functions';
export {
  checkReadOnlySql,
  SQL_GUARD_LIMITS,
  SQL_REFUSALS,
  type ReadOnlySqlOptions,
  type ReadOnlySqlResult,
  type SqlRefusal,
} from './check-read-only-sql';
