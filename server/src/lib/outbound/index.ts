/**
 * Outbound HTTP to addresses users choose (a flow's HTTP request and web reader nodes, the web-reader
 * calls): only public addresses, checked at every hop and pinned for the connection, within time and size
 * caps. docs/security.md (Outbound HTTP) says what is refused and when.
 *
 * - `safeFetch(url, options)`: one request, redirects followed → `{ status, headers, url, contentType, body }`.
 * - `readWebPage(url, options)`: a page as `{ title, text }`.
 * - `OutboundError`: every refusal and failure, with a stable `code` and a `detail` for logs only.
 *
 * `lookup` and `isAllowedAddress` exist for tests, which must not leave the machine; production passes neither.
 */
export { isPublicAddress } from './address-policy';
export { OUTBOUND_ERROR_CODES, OutboundError, type OutboundErrorCode } from './outbound-error';
export {
  OUTBOUND_DEFAULTS,
  OUTBOUND_METHODS,
  safeFetch,
  type OutboundMethod,
  type OutboundPolicy,
  type ResolvedAddress,
  type SafeFetchOptions,
  type SafeResponse,
} from './safe-fetch';
export { readWebPage, WEB_PAGE_DEFAULTS, type ReadWebPageOptions, type WebPage } from './web-page';
