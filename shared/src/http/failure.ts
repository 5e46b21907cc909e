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

/** Message ids an app words failures with (translated by the `t` given to {@link failureText}). */
export type FailureWords = {
  /** Said for status 0: no answer came back (network down, timeout). */
  network: string;
  /** Codes the app words itself; they come first. */
  byCode?: Readonly<Record<string, string>>;
  /** Statuses the app words itself, after the codes. */
  byStatus?: Readonly<Record<number, string>>;
  /** Said when the server's message is empty. */
  fallback?: string;
};

/** The console's words: the network message of the shared catalog, which `@flotilla/shared/ui` loads. */
export const CONSOLE_FAILURE_WORDS: FailureWords = { network: 'shared.error.network' };

/**
 * What a page says about a failure: the app's own words for the codes and statuses it words itself,
 * the network message for status 0, else the server's message (the server writes it in the user's language).
 */
export function failureText(
  failure: Pick<Failure, 'status' | 'code' | 'message'>,
  t: (id: string) => string,
  words: FailureWords = CONSOLE_FAILURE_WORDS,
): string {
  const id =
    words.byCode?.[failure.code] ??
    words.byStatus?.[failure.status] ??
    (failure.status === 0 ? words.network : undefined);
  if (id) return t(id);
  return failure.message.trim() || (words.fallback ? t(words.fallback) : '');
}
