import { HttpError } from '@flotilla/shared';

/** Why a request failed, as a page shows it: status 0 is a network error or timeout. */
export type Failure = { status: number; message: string };

/** Turns an effect's rejection into a {@link Failure}; the shell has already shown the notice. */
export function toFailure(error: unknown): Failure {
  if (error instanceof HttpError) return { status: error.status, message: error.message };
  return { status: 0, message: error instanceof Error ? error.message : String(error) };
}
