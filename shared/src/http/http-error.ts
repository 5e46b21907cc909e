import type { ErrorResponse, ValidationError } from '../contracts';

/** A failed request: status 0 for network errors and timeouts. Every failure is rejected with one. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Codes whose pages show their own message, not the generic notice (docs/product-rules.md, Error catalogue). */
export const SELF_REPORTED_CODES = ['IMPORT_FAILED', 'DATABASE_ERROR'] as const;

/** The user-facing message of an error body: `message`, else the first 422 detail, else a fallback. */
export function messageOf(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const detail = (body as Partial<ValidationError>).detail;
    if (Array.isArray(detail) && detail.length > 0 && typeof detail[0]?.msg === 'string') return detail[0].msg;
    const message = (body as Partial<ErrorResponse>).message;
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}
