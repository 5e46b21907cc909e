import type { SqlRefusal } from '../../lib/sql-guard';
import type { QueryFailure } from '../reader';

/**
 * Why a robot could not read its databases, as a dbQuery node's error code (its failure branch reads
 * `{{<nodeId>.error.code}}`): the database was deleted, its SQL was refused, its time ran out, a table it
 * read is gone, the database could not be reached, or the query failed otherwise.
 */
export const DATABASE_LOOKUP_FAILURES = [
  'DATABASE_GONE',
  'DATABASE_QUERY_REFUSED',
  'DATABASE_TIMEOUT',
  'DATABASE_TABLE_GONE',
  'DATABASE_UNREACHABLE',
  'DATABASE_QUERY_FAILED',
] as const;
export type DatabaseLookupFailure = (typeof DATABASE_LOOKUP_FAILURES)[number];

/** The finer reason the query log keeps: a refusal of the read-only check, NO_SQL, or the reader's code. */
export type LookupReason = SqlRefusal | 'NO_SQL' | 'DATABASE_GONE' | QueryFailure;

/**
 * A failed lookup: the node's code and the reason (logged). `message` names only those two, because a flow
 * may put `{{<node>.error.message}}` into a visitor's answer; the driver's words and the refused SQL's
 * detail stay in `detail`, for the server's log (the query log keeps the statement and the reason).
 */
export class DatabaseLookupError extends Error {
  readonly code: DatabaseLookupFailure;
  constructor(
    readonly reason: LookupReason,
    readonly detail: string,
    /** Whether the query log has it already (a statement's failure, a refusal). */
    readonly logged = false,
  ) {
    super(`database lookup failed: ${failureOf(reason)} (${reason})`);
    this.name = 'DatabaseLookupError';
    this.code = failureOf(reason);
  }
}

/** The node's code for a reason. */
export function failureOf(reason: LookupReason): DatabaseLookupFailure {
  switch (reason) {
    case 'DATABASE_GONE':
      return 'DATABASE_GONE';
    case 'TIMEOUT':
      return 'DATABASE_TIMEOUT';
    case 'TABLE_GONE':
      return 'DATABASE_TABLE_GONE';
    case 'QUERY_FAILED':
      return 'DATABASE_QUERY_FAILED';
    case 'AUTH_FAILED':
    case 'HOST_UNREACHABLE':
    case 'DATABASE_NOT_FOUND':
    case 'ADDRESS_NOT_ALLOWED':
    case 'DNS_FAILED':
    case 'CONNECTION_FAILED':
      return 'DATABASE_UNREACHABLE';
    default:
      return 'DATABASE_QUERY_REFUSED';
  }
}
