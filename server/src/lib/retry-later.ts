import type { FastifyReply } from 'fastify';
import type { ErrorCode } from '@flotilla/shared/contracts';
import { AppError } from './app-error';

/**
 * The 429 for a caller who must wait `waitMs`: sets `Retry-After` (whole seconds, at least 1) on the reply
 * and carries the same seconds as `retryAfter` in the body, for a page that says when to try again.
 */
export function retryLater(
  reply: FastifyReply,
  code: ErrorCode,
  waitMs: number,
  extra: Record<string, unknown> = {},
): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  reply.header('retry-after', String(seconds));
  return new AppError(429, code, code, { ...extra, retryAfter: seconds });
}
