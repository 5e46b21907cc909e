import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, type Dispatcher } from 'undici';
import { isPublicAddress } from './address-policy';
import { OutboundError } from './outbound-error';

/** One address of a host name, as `dns.promises.lookup(host, { all: true })` gives it. */
export type ResolvedAddress = { address: string; family: number };

/**
 * What decides where an outbound request may go. Production passes neither field: DNS through
 * `dns.promises.lookup`, and only public addresses ({@link isPublicAddress}). Tests replace them to stay on
 * the machine: a resolver that maps `evil.test` to 127.0.0.1, or a check that also lets through the one
 * local server (address and port) the test started.
 */
export type OutboundPolicy = {
  /** Resolves a host name to all its addresses. */
  lookup?: (hostname: string, options: { all: true }) => Promise<ResolvedAddress[]>;
  /** Whether a request may connect to `address` on `port`. */
  isAllowedAddress?: (address: string, port: number) => boolean;
};

/** The methods an outbound request may use. */
export const OUTBOUND_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type OutboundMethod = (typeof OUTBOUND_METHODS)[number];

export type SafeFetchOptions = OutboundPolicy & {
  /** GET by default. */
  method?: OutboundMethod;
  /** Request headers; the ones the connection owns (Host, Connection, Content-Length, Transfer-Encoding, Proxy-*…) and malformed ones are dropped. */
  headers?: Record<string, string>;
  /** Request body (ignored for GET and HEAD); past `maxRequestBytes` the request is refused with TOO_LARGE. */
  body?: string | Uint8Array;
  /** Time cap of the whole request — DNS, every redirect, the body — in ms (default 10 s). */
  timeoutMs?: number;
  /** Largest answer body read, in bytes (default 2 MB); past it reading stops with TOO_LARGE. */
  maxBytes?: number;
  /** Largest request body, in bytes (default 1 MB). */
  maxRequestBytes?: number;
  /** Redirects followed (default 5); one more is TOO_MANY_REDIRECTS. */
  maxRedirects?: number;
  /** Aborting it ends the request, which then rejects with the signal's reason. */
  signal?: AbortSignal;
};

/** The final answer (redirects followed): its status, headers (lower-case names), URL, content type and body. */
export type SafeResponse = {
  status: number;
  headers: Record<string, string>;
  url: string;
  contentType: string;
  body: Buffer;
};

export const OUTBOUND_DEFAULTS = {
  timeoutMs: 10_000,
  maxBytes: 2 * 1024 * 1024,
  maxRequestBytes: 1024 * 1024,
  maxRedirects: 5,
} as const;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Headers the connection owns, or that would speak to a proxy: never taken from the caller. */
const OWN_HEADERS = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'accept-encoding',
]);
/** Headers that carry credentials: not sent on to another origin by a redirect. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'cookie']);
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const MAX_HEADERS = 50;
const MAX_HEADER_VALUE = 8192;

/** The caller's headers the request may send: own and proxy headers dropped, names lower-cased, malformed ones dropped. */
function requestHeaders(headers: Record<string, string> = {}): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers).slice(0, MAX_HEADERS)) {
    const key = name.toLowerCase();
    if (OWN_HEADERS.has(key) || key.startsWith('proxy-') || !TOKEN.test(key)) continue;
    if (typeof value !== 'string' || value.length > MAX_HEADER_VALUE || /[\r\n\0]/.test(value)) continue;
    kept[key] = value;
  }
  // Compressed answers are not asked for: the byte cap then counts what is read, with no inflating after it.
  kept['accept-encoding'] = 'identity';
  return kept;
}

/** A cap as given when it is a finite number above 0, else its default. */
function positive(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
}

function parseUrl(input: string | URL): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new OutboundError('URL_INVALID');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundError('URL_NOT_ALLOWED', `scheme ${url.protocol}`);
  if (url.username !== '' || url.password !== '') throw new OutboundError('URL_NOT_ALLOWED', 'credentials in the URL');
  return url;
}

/**
 * Checks where a URL leads before anything connects: an IP literal itself (the WHATWG parser has already
 * turned `2130706433` and `0x7f.1` into `127.0.0.1`), a host name by resolving it once and checking EVERY
 * address. Returns the addresses the connection may use (none for a literal, which is connected to as is).
 */
async function checkedAddresses(
  url: URL,
  policy: Required<OutboundPolicy>,
  wait: <T>(promise: Promise<T>) => Promise<T>,
): Promise<ResolvedAddress[]> {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  if (isIP(host) !== 0) {
    if (!policy.isAllowedAddress(host, port)) throw new OutboundError('ADDRESS_NOT_ALLOWED', `${host}:${port}`);
    return [];
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await wait(policy.lookup(host, { all: true }));
  } catch (error) {
    if (error instanceof OutboundError) throw error;
    throw new OutboundError('DNS_FAILED', `${host}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, {
      cause: error,
    });
  }
  if (addresses.length === 0) throw new OutboundError('DNS_FAILED', `${host}: no address`);
  const refused = addresses.find(({ address }) => !policy.isAllowedAddress(address, port));
  if (refused) throw new OutboundError('ADDRESS_NOT_ALLOWED', `${host} → ${refused.address}:${port}`);
  return addresses;
}

/**
 * The `lookup` the sockets of one request use: it answers only from the addresses already checked for that
 * host name and never asks DNS again, so a name that resolves to a public address for the check and to
 * 127.0.0.1 a moment later (DNS rebinding) still connects to the checked one. undici hands `connect`
 * options to `net.connect` / `tls.connect`, which call this for every host name (IP literals skip it and
 * were checked as such); TLS still verifies the certificate against the host name.
 */
function pinnedLookup(pinned: Map<string, ResolvedAddress[]>): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    const addresses = (pinned.get(hostname) ?? []).filter((a) => !family || a.family === family);
    if (addresses.length === 0) {
      callback(new OutboundError('ADDRESS_NOT_ALLOWED', `${hostname}: not checked`), '', 0);
      return;
    }
    if (options.all) (callback as (err: null, all: ResolvedAddress[]) => void)(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
}

/** An error of the transport as an OutboundError: time caps → TIMEOUT, everything else → HTTP_FAILED. */
function transportError(error: unknown): OutboundError {
  if (error instanceof OutboundError) return error;
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  if (cause instanceof OutboundError) return cause;
  const code = (error as { code?: string } | undefined)?.code ?? '';
  if (['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT'].includes(code))
    return new OutboundError('TIMEOUT', code, { cause: error });
  return new OutboundError('HTTP_FAILED', code || String(error), { cause: error });
}

function flatHeaders(headers: Dispatcher.ResponseData['headers']): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/** Ends a body unread (the error its destroy emits is expected). */
function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => undefined);
  body.destroy();
}

/** Reads a body up to `maxBytes`; one byte more and reading stops (the connection is dropped) with TOO_LARGE. */
async function readCapped(body: Dispatcher.ResponseData['body'], maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      discard(body);
      throw new OutboundError('TOO_LARGE', `answer over ${maxBytes} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, size);
}

/**
 * One outbound HTTP request that may reach only public addresses, for what users configure (a flow's HTTP
 * request and web reader nodes, the web-reader calls).
 *
 * - Only `http:` and `https:` URLs without credentials; any port (a public host's services are its own).
 * - Every host, of the URL and of each redirect, is resolved once and refused when ANY of its addresses
 *   is not public; the connection then uses exactly the checked addresses (no second lookup).
 * - Redirects are followed by hand, at most `maxRedirects`, each Location checked like the first URL;
 *   303 (and 301/302 after a POST) continue as GET without a body, as browsers do; Authorization and
 *   Cookie are not sent on to another origin.
 * - One time cap for everything, a cap on the answer's bytes (read no further) and on the request body.
 *
 * Fails with an {@link OutboundError} (or the reason of the caller's aborted `signal`).
 */
export async function safeFetch(input: string | URL, options: SafeFetchOptions = {}): Promise<SafeResponse> {
  const policy: Required<OutboundPolicy> = {
    lookup: options.lookup ?? ((host, lookupOptions) => dnsLookup(host, lookupOptions)),
    isAllowedAddress: options.isAllowedAddress ?? ((address) => isPublicAddress(address)),
  };
  const timeoutMs = positive(options.timeoutMs, OUTBOUND_DEFAULTS.timeoutMs);
  const maxBytes = positive(options.maxBytes, OUTBOUND_DEFAULTS.maxBytes);
  const maxRedirects = options.maxRedirects === 0 ? 0 : positive(options.maxRedirects, OUTBOUND_DEFAULTS.maxRedirects);
  let method: OutboundMethod = options.method ?? 'GET';
  if (!OUTBOUND_METHODS.includes(method)) throw new OutboundError('URL_NOT_ALLOWED', `method ${String(method)}`);
  let body = method === 'GET' || method === 'HEAD' ? undefined : options.body;
  const maxRequestBytes = positive(options.maxRequestBytes, OUTBOUND_DEFAULTS.maxRequestBytes);
  if (body !== undefined && Buffer.byteLength(body) > maxRequestBytes)
    throw new OutboundError('TOO_LARGE', `request body over ${maxRequestBytes} bytes`);
  let headers = requestHeaders(options.headers);
  let url = parseUrl(input);

  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(new OutboundError('TIMEOUT', `over ${timeoutMs} ms`)), timeoutMs);
  const callerAborted = () => stop.abort(options.signal?.reason);
  if (options.signal?.aborted) callerAborted();
  options.signal?.addEventListener('abort', callerAborted, { once: true });
  /** `promise`, or the reason of the stop, whichever comes first (for what cannot be aborted: DNS). */
  const wait = <T>(promise: Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (stop.signal.aborted) return reject(stop.signal.reason as Error);
      stop.signal.addEventListener('abort', () => reject(stop.signal.reason as Error), { once: true });
      promise.then(resolve, reject);
    });

  const pinned = new Map<string, ResolvedAddress[]>();
  const agent = new Agent({
    connect: { lookup: pinnedLookup(pinned), timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  try {
    for (let redirects = 0; ; redirects += 1) {
      const addresses = await checkedAddresses(url, policy, wait);
      if (addresses.length > 0) pinned.set(url.hostname, addresses);
      let response: Dispatcher.ResponseData;
      try {
        response = await agent.request({
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method,
          headers,
          body: body ?? null,
          signal: stop.signal,
        });
      } catch (error) {
        throw stop.signal.aborted ? stop.signal.reason : transportError(error);
      }
      const location = response.headers.location;
      if (!REDIRECTS.has(response.statusCode) || typeof location !== 'string') {
        const responseBody = await readCapped(response.body, maxBytes).catch((error: unknown) => {
          throw stop.signal.aborted ? stop.signal.reason : transportError(error);
        });
        const contentType = response.headers['content-type'];
        return {
          status: response.statusCode,
          headers: flatHeaders(response.headers),
          url: url.href,
          contentType: (Array.isArray(contentType) ? contentType[0] : contentType) ?? '',
          body: responseBody,
        };
      }
      discard(response.body);
      if (redirects >= maxRedirects) throw new OutboundError('TOO_MANY_REDIRECTS', `over ${maxRedirects}`);
      let next: URL;
      try {
        next = parseUrl(new URL(location, url));
      } catch (error) {
        throw error instanceof OutboundError ? error : new OutboundError('URL_INVALID', 'redirect location');
      }
      const asGet =
        response.statusCode === 303 ? method !== 'HEAD' : [301, 302].includes(response.statusCode) && method === 'POST';
      if (asGet) {
        method = 'GET';
        body = undefined;
        delete headers['content-type'];
      }
      if (next.origin !== url.origin)
        headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.has(name)));
      url = next;
    }
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', callerAborted);
    await agent.destroy().catch(() => undefined);
  }
}
