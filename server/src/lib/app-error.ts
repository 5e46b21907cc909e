import type { ErrorCode } from '@flotilla/shared/contracts';
import type { MessageKey } from './messages';

/**
 * An error the client is meant to see: the central error handler answers `{ code, message, ...extra }`
 * with the message of `messageKey` (default: the code) in the request's language.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly messageKey: MessageKey = code,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(`${code} (${messageKey})`);
    this.name = 'AppError';
  }
}

export const notFound = (code: ErrorCode = 'NOT_FOUND') => new AppError(404, code);
export const forbidden = (messageKey: MessageKey = 'FORBIDDEN') => new AppError(403, 'FORBIDDEN', messageKey);

/** `value`, or a 404 with `code` when it is missing. */
export function found<T>(value: T | undefined, code: ErrorCode): T {
  if (value === undefined) throw notFound(code);
  return value;
}
