/**
 * The codes a robot's database query may be refused or stopped with (the read-only check's, the
 * connection's and the run's), each with the message id saying what it means.
 */
export const QUERY_REFUSALS = [
  'NOT_SELECT',
  'TABLE_NOT_ALLOWED',
  'FUNCTION_NOT_ALLOWED',
  'SYSTEM_CATALOG',
  'LOCKING_CLAUSE',
  'INTO_CLAUSE',
  'NOT_ONE_STATEMENT',
  'SQL_PARSE_FAILED',
  'SQL_TOO_LONG',
  'NO_SQL',
  'TIMEOUT',
  'TABLE_GONE',
  'AUTH_FAILED',
  'HOST_UNREACHABLE',
  'DATABASE_NOT_FOUND',
  'ADDRESS_NOT_ALLOWED',
  'DNS_FAILED',
  'CONNECTION_FAILED',
  'QUERY_FAILED',
] as const;
export type QueryRefusal = (typeof QUERY_REFUSALS)[number];

/** The message id of a refusal's meaning; `null` for a code this console does not know (shown as it is). */
export function refusalMessageId(code: string): string | null {
  return (QUERY_REFUSALS as readonly string[]).includes(code) ? `datasets.database.refusal.${code}` : null;
}
