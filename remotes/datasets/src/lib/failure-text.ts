import type { Failure } from '@flotilla/shared';

/** The text a page shows for a failure: the network message for status 0, else the server's message. */
export function failureText(failure: Failure, t: (id: string) => string): string {
  return failure.status === 0 ? t('datasets.error.network') : failure.message;
}
