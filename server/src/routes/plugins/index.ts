import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ReadWebPage, ReadWebPageForShare, type ErrorCode, type WebPageResponse } from '@flotilla/shared/contracts';
import { AppError, found } from '../../lib/app-error';
import { clientKey } from '../../lib/client-address';
import { OutboundError, readWebPage, type OutboundErrorCode } from '../../lib/outbound/index';
import { RateWindow } from '../../lib/rate-window';
import { retryLater } from '../../lib/retry-later';
import { checkShareOrigin } from '../chat/chat-access';
import { PUBLIC, STAFF } from '../access';
import { route } from '../endpoint-route';

const tags = ['plugins'];

/** Pages one visitor's address may read through one share per minute. */
export const SHARE_READS_PER_MINUTE = 20;
/** Pages one staff member may read per minute (trying web readers in the flow editor). */
export const STAFF_READS_PER_MINUTE = 60;

/** How each outbound failure is answered: the caller's URL → 400, the remote site → 502/504/413/415. */
const ANSWERS: Record<OutboundErrorCode, { status: number; code: ErrorCode }> = {
  URL_INVALID: { status: 400, code: 'URL_INVALID' },
  URL_NOT_ALLOWED: { status: 400, code: 'URL_NOT_ALLOWED' },
  ADDRESS_NOT_ALLOWED: { status: 400, code: 'ADDRESS_NOT_ALLOWED' },
  DNS_FAILED: { status: 502, code: 'DNS_FAILED' },
  TOO_MANY_REDIRECTS: { status: 502, code: 'TOO_MANY_REDIRECTS' },
  HTTP_FAILED: { status: 502, code: 'HTTP_FAILED' },
  // Named apart from the browser's own TIMEOUT (no answer from this server).
  TIMEOUT: { status: 504, code: 'FETCH_TIMEOUT' },
  TOO_LARGE: { status: 413, code: 'FETCH_TOO_LARGE' },
  UNSUPPORTED_CONTENT: { status: 415, code: 'UNSUPPORTED_CONTENT' },
};

const pluginsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const reads = new RateWindow();

  /** Reads the page; an outbound failure becomes its answer, its detail (an address refused…) only logged. */
  async function read(request: FastifyRequest, url: string): Promise<WebPageResponse> {
    try {
      return await readWebPage(url, { ...fastify.config.outbound });
    } catch (error) {
      if (!(error instanceof OutboundError)) throw error;
      request.log.info({ outbound: { code: error.code, detail: error.detail } }, 'web page not read');
      const { status, code } = ANSWERS[error.code];
      throw new AppError(status, code);
    }
  }

  function limit(reply: FastifyReply, key: string, perMinute: number): void {
    if (!reads.hit(key, perMinute)) throw retryLater(reply, 'RATE_LIMITED', reads.msUntilReset(key));
  }

  route(fastify, ReadWebPage, {
    config: { auth: STAFF },
    tags,
    summary:
      "Read a web page as its title and text (a flow's web reader); only public addresses, 10 s and 2 MB at most; 400 for a URL that is invalid, not http(s) or leads to a private address",
    handler: async (request, reply) => {
      limit(reply, `staff:${request.auth.userId}`, STAFF_READS_PER_MINUTE);
      return read(request, request.body.url);
    },
  });

  route(fastify, ReadWebPageForShare, {
    config: { auth: PUBLIC },
    tags,
    summary: `Read a web page as its title and text for a visitor of a live share (no login; ${SHARE_READS_PER_MINUTE} a minute per address); 404 when the share is off`,
    handler: async (request, reply) => {
      const { shareId } = request.query;
      const share = found(await fastify.repos.shares.publicTarget(shareId), 'SHARE_NOT_FOUND');
      checkShareOrigin(fastify, request, share.allowedOrigins);
      limit(reply, `share:${shareId}:${clientKey(request.ip)}`, SHARE_READS_PER_MINUTE);
      return read(request, request.body.url);
    },
  });
};

export default pluginsRoutes;
