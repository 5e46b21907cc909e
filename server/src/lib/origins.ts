import type { FastifyRequest } from 'fastify';

/**
 * `value` the way a browser writes an Origin header (`scheme://host[:port]`, lower case, no default
 * port), or undefined when it is not a bare http(s) origin. Both sides of every comparison go through
 * it, so `https://Shop.example.com:443` on a share's list matches the browser's `https://shop.example.com`.
 */
export function normalizeOrigin(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username !== '' || url.password !== '' || url.pathname !== '/' || url.search !== '' || url.hash !== '')
    return undefined;
  return url.origin;
}

/**
 * Whether `origin` is this server's own, i.e. a page it served (the console, a share page). With
 * public origins configured (normalised), only those count: nothing the request says about itself can then pass.
 * Without, the Origin must name exactly what the request reached — the scheme of its connection
 * (or, behind a trusted proxy, the forwarded one) and its Host, port included — compared as parsed
 * origins, not as text. A browser cannot forge that pair across sites; DNS rebinding can, which is why
 * a deployment should configure its public origins.
 */
export function isSameOrigin(request: FastifyRequest, origin: string, publicOrigins: readonly string[]): boolean {
  const normalized = normalizeOrigin(origin);
  if (normalized === undefined) return false;
  if (publicOrigins.length > 0) return publicOrigins.includes(normalized);
  return request.host !== '' && normalized === normalizeOrigin(`${request.protocol}://${request.host}`);
}

/**
 * Whether a request may use a share whose allowed origins are `allowedOrigins`: an empty list lets any
 * site embed and call it (the share settings say "leave empty to allow any"); otherwise the page must
 * be this server's own or on the list. A request without an Origin (a same-origin GET, or a caller that
 * is not a browser, which no header check could stop) passes.
 */
export function shareOriginAllowed(
  request: FastifyRequest,
  allowedOrigins: readonly string[],
  publicOrigins: readonly string[],
): boolean {
  const origin = request.headers.origin;
  if (origin === undefined || allowedOrigins.length === 0) return true;
  if (isSameOrigin(request, origin, publicOrigins)) return true;
  const normalized = normalizeOrigin(origin);
  return normalized !== undefined && allowedOrigins.some((allowed) => normalizeOrigin(allowed) === normalized);
}
