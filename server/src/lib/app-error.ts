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

/**
 * A 422 for input no route schema can check (an upload's size or content type), answered in the same
 * `{ detail: [{ loc, msg, type }] }` shape as schema errors, with the stable code as `type`.
 */
export const invalidInput = (loc: Array<string | number>, code: ErrorCode, messageKey: MessageKey = code) =>
  new AppError(422, code, messageKey, { loc });

/** `value`, or a 404 with `code` when it is missing. */
export function found<T>(value: T | undefined, code: ErrorCode): T {
  if (value === undefined) throw notFound(code);
  return value;
}
