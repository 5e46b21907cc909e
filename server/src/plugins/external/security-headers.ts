import type { IncomingMessage, ServerResponse } from 'node:http';
import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { isSameOrigin, normalizeOrigin, shareOriginAllowed } from '../../lib/origins';
import { isShareId } from '../app/shares/shares-repository';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The security headers of this route's answers, when they differ from every answer's (`ANSWER_HEADERS`). */
    securityHeaders?: SecurityHeaders;
  }
}

/** Helmet's headers for one policy, by name, as they are sent. */
export type SecurityHeaders = Readonly<Record<string, string>>;

type PagePolicy = {
  /** Origins outside this server that `/remotes.json` loads remotes from. */
  remoteOrigins?: readonly string[];
  /** Who may frame the answer; default: nobody. */
  frameAncestors?: readonly string[];
  /** Origins outside this server the page shows images from (a branded login page's logo). */
  imageOrigins?: readonly string[];
};

/**
 * The Content-Security-Policy of every answer: this server's own files, plus the remotes' origins for
 * the console; Semi sets inline styles; the chat shows data: and blob: images and plays blob: audio
 * (read-aloud answers). Nothing else runs, loads or submits, and by default nothing may frame it.
 */
function contentSecurityPolicy({
  remoteOrigins = [],
  frameAncestors = ["'none'"],
  imageOrigins = [],
}: PagePolicy = {}): HelmetOptions['contentSecurityPolicy'] {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...remoteOrigins],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'", ...remoteOrigins],
      fontSrc: ["'self'", 'data:', ...remoteOrigins],
      imgSrc: ["'self'", 'data:', 'blob:', ...imageOrigins],
      mediaSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'", ...remoteOrigins],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: [...frameAncestors],
    },
  };
}

/**
 * The headers helmet sets for `options`, computed once. Helmet is middleware that calls `setHeader` on
 * each answer; run once against a recorder, its result is a fixed set a hook copies onto each answer
 * (building helmet per answer, as @fastify/helmet does, re-parses the policy every time: a sixth of a
 * small API call's time).
 */
function helmetHeaders(options: HelmetOptions): SecurityHeaders {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Every answer's headers (the console's pages and the API alike), from which the pages below differ:
 * the console adds its remotes' origins, a share page its framing sites, build files their loaders.
 */
function headers(policy: PagePolicy = {}, { framedBySites = false, loadedBySites = false } = {}): SecurityHeaders {
  return helmetHeaders({
    contentSecurityPolicy: contentSecurityPolicy(policy),
    // X-Frame-Options cannot list sites: a page others may frame relies on frame-ancestors alone.
    xFrameOptions: framedBySites ? false : { action: 'deny' },
    crossOriginResourcePolicy: { policy: loadedBySites ? 'cross-origin' : 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // No includeSubDomains: a deployment's sibling hosts are not this server's to decide.
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
  });
}

/** The headers of every answer that does not declare its own. */
const ANSWER_HEADERS = headers();

/** Sends `next` instead of the headers the answer has so far (a page's policy replaces every answer's). */
export function setSecurityHeaders(reply: FastifyReply, next: SecurityHeaders): void {
  for (const name of Object.keys(ANSWER_HEADERS)) if (!(name in next)) reply.removeHeader(name);
  reply.headers(next);
}

/** The console's HTML: the origins its remotes are loaded from may serve its scripts, styles and manifests. */
export function consolePageHeaders(remoteOrigins: readonly string[]): SecurityHeaders {
  return headers({ remoteOrigins });
}

/** A light page's HTML (login, register): it loads no remote; a branded login page shows its logo's origin. */
export function lightPageHeaders(imageOrigins: readonly string[] = []): SecurityHeaders {
  return headers({ imageOrigins });
}

/**
 * Who may frame a share page: any site when its list is empty, else this server and the listed
 * origins; only this server when there is no live share to show.
 */
function shareFrameAncestors(allowedOrigins: readonly string[] | undefined): string[] {
  if (allowedOrigins === undefined) return ["'self'"];
  if (allowedOrigins.length === 0) return ['*'];
  return ["'self'", ...new Set(allowedOrigins.flatMap((origin) => normalizeOrigin(origin) ?? []))];
}

/** A share page's HTML: framed by the sites its share allows. */
export function sharePageHeaders(allowedOrigins: readonly string[] | undefined): SecurityHeaders {
  return headers({ frameAncestors: shareFrameAncestors(allowedOrigins) }, { framedBySites: true });
}

/**
 * Public files other sites may load: the builds under /remotes/ (a shell elsewhere may point its
 * /remotes.json here) and uploaded icons and attachments (a widget on an allowed site shows them).
 */
export const CROSS_ORIGIN_FILE_HEADERS = headers({}, { loadedBySites: true });

const BUILD_FILE = /^\/remotes\//;

const NO_CORS: FastifyCorsOptions = { origin: false };
const ANY_ORIGIN: FastifyCorsOptions = { origin: '*', methods: ['GET', 'HEAD'] };
/** A public chat call from a site the share allows: the origin is echoed; the browser may send JSON. */
const SHARE_CORS: FastifyCorsOptions = {
  origin: true,
  methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
  allowedHeaders: ['Content-Type', 'Accept', 'Accept-Language'],
  maxAge: 600,
};

/** The share a call names in its query or (parsed) body, if any. */
function namedShare(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  const body =
    typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>) : undefined;
  const shareId = query?.shareId ?? body?.shareId;
  return isShareId(shareId) ? shareId : undefined;
}

/**
 * Security headers (helmet's, computed once per policy) on every answer, and CORS: only the build files (to any origin) and the
 * public calls that name a share (to the origins the share allows) answer another site. Same-origin
 * use needs no CORS. A preflight cannot show its body, so one for a share call is answered and the call
 * itself decides: it gets CORS headers only when it names a share that allows its origin, and the chat
 * calls refuse any other origin themselves (ORIGIN_NOT_ALLOWED), so nothing is done for a foreign site.
 */
export default fp(
  async (fastify: FastifyInstance) => {
    const { publicOrigins } = fastify.config;

    fastify.addHook('onRequest', async (request, reply) => {
      reply.headers(request.routeOptions.config.securityHeaders ?? ANSWER_HEADERS);
    });

    // The public calls whose query or body schema names a share, as they are declared, so that a
    // preflight (which shows only a method and a path) can be matched to one.
    const shareCalls: Array<{ method: string; path: RegExp }> = [];
    fastify.addHook('onRoute', (route) => {
      const schema = route.schema as
        { querystring?: { properties?: object }; body?: { properties?: object } } | undefined;
      const namesShare = [schema?.querystring, schema?.body].some(
        (part) => part?.properties !== undefined && 'shareId' in part.properties,
      );
      if (route.config?.auth !== 'public' || !namesShare) return;
      const path = new RegExp(`^${route.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[^/]+/g, '[^/]+')}$`);
      for (const method of [route.method].flat()) shareCalls.push({ method, path });
    });
    const isShareCall = (method: string | undefined, path: string) =>
      shareCalls.some((call) => call.method === method && call.path.test(path));

    async function corsFor(request: FastifyRequest): Promise<FastifyCorsOptions> {
      const origin = request.headers.origin;
      const path = request.url.split('?')[0] ?? '';
      if (origin === undefined) return NO_CORS;
      if (BUILD_FILE.test(path)) return ANY_ORIGIN;
      if (isSameOrigin(request, origin, publicOrigins)) return NO_CORS;
      const preflight = request.method === 'OPTIONS';
      const method = preflight ? request.headers['access-control-request-method'] : request.method;
      if (!isShareCall(method, path)) return NO_CORS;
      const shareId = namedShare(request);
      if (shareId === undefined) return preflight ? SHARE_CORS : NO_CORS;
      const share = await fastify.repos.shares.publicTarget(shareId);
      return share && shareOriginAllowed(request, share.allowedOrigins, publicOrigins) ? SHARE_CORS : NO_CORS;
    }

    // preValidation: bodies are parsed by then (the share may be named there), and a 422 still gets the headers.
    await fastify.register(cors, { hook: 'preValidation', delegator: corsFor });
  },
  { name: 'security-headers', decorators: { fastify: ['config'] } },
);
