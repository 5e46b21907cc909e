/** Why an outbound request was refused or failed; stable, for the engine and the API alike. */
export const OUTBOUND_ERROR_CODES = [
  /** Not a URL. */
  'URL_INVALID',
  /** A URL, but not one we fetch: another scheme than http(s), or credentials in it. */
  'URL_NOT_ALLOWED',
  /** The host is, or resolves to, an address that is not public (loopback, private, link-local, metadata…). */
  'ADDRESS_NOT_ALLOWED',
  /** The host name did not resolve. */
  'DNS_FAILED',
  /** More redirects than allowed. */
  'TOO_MANY_REDIRECTS',
  /** The request took longer than its time cap. */
  'TIMEOUT',
  /** The request body, or the answer's body, is larger than its cap. */
  'TOO_LARGE',
  /** The connection failed or broke (refused, reset, TLS), or a page answered with an error status. */
  'HTTP_FAILED',
  /** A page whose content type is not read as text (image, PDF, binary). */
  'UNSUPPORTED_CONTENT',
] as const;
export type OutboundErrorCode = (typeof OUTBOUND_ERROR_CODES)[number];

/**
 * A refused or failed outbound request. `message` is safe to show anyone (it never names a resolved
 * address); `detail` says more for the logs (the address refused, the underlying error), never for visitors.
 */
export class OutboundError extends Error {
  constructor(
    readonly code: OutboundErrorCode,
    readonly detail: string = code,
    options?: { cause?: unknown },
  ) {
    super(`outbound request refused or failed: ${code}`, options);
    this.name = 'OutboundError';
  }
}
