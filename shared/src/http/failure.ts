import { HttpError } from './http-error';

/**
 * Why a request failed, as a page shows it: status 0 is a network error or timeout; `code` is the
 * server's stable error code (`USERNAME_TAKEN`…), `UNKNOWN` when the rejection is no {@link HttpError}.
 */
export type Failure = { status: number; code: string; message: string };

/**
 * Turns an effect's rejection into a {@link Failure} a store can hold. Reports nothing: the shell
 * has already shown the notice for the statuses that get one.
 */
export function toFailure(error: unknown): Failure {
  if (error instanceof HttpError) return { status: error.status, code: error.code, message: error.message };
  return { status: 0, code: 'UNKNOWN', message: error instanceof Error ? error.message : String(error) };
}
