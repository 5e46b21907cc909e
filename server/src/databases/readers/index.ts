/**
 * Readers of the databases robots read: `openReader(connection, …)` for one database of any kind. What they
 * promise (read-only transactions, statement timeouts, row caps, stable failure codes) is in ../reader.ts.
 */
export { builtinReader } from './builtin-reader';
export { BuiltinQueryProcesses } from './builtin-query-processes';
export { mysqlReader } from './mysql-reader';
export { postgresReader } from './postgres-reader';
export { toCell } from './cells';
