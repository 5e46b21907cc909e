import { DATABASE_LOOKUP_FAILURES } from '../../databases/robot-lookup/lookup-failure';
import { OUTBOUND_ERROR_CODES } from '../../lib/outbound';

/** Why a node failed, as its trace and the failure branch (`{{<nodeId>.error.code}}`) show it. */
export const NODE_ERROR_CODES = [
  'NODE_TIMEOUT',
  'PROVIDER_ERROR',
  'PROVIDER_TIMEOUT',
  'UNKNOWN_MODEL',
  'HTTP_STATUS',
  // Why an HTTP request or a web page was refused or failed (server/src/lib/outbound).
  ...OUTBOUND_ERROR_CODES,
  // Why a database lookup (dbQuery) failed; the query log keeps the finer reason (server/src/databases/robot-lookup).
  ...DATABASE_LOOKUP_FAILURES,
  'NODE_FAILED',
] as const;
export type NodeErrorCode = (typeof NODE_ERROR_CODES)[number];

/** A node's failure: a stable code and a message for the operator (never shown to visitors as it is). */
export class NodeError extends Error {
  constructor(
    readonly code: NodeErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'NodeError';
  }
}

/** Any error a node's work threw, as a NodeError (codes of known errors kept, the rest NODE_FAILED). */
export function asNodeError(error: unknown): NodeError {
  if (error instanceof NodeError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (typeof code === 'string' && (NODE_ERROR_CODES as readonly string[]).includes(code))
    return new NodeError(code as NodeErrorCode, message);
  return new NodeError('NODE_FAILED', message);
}
