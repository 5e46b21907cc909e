import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ICON_LIMITS, UPLOAD_LIMITS } from '@flotilla/shared/contracts';
import { AppError } from '../../lib/app-error';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../lib/json-depth';

/**
 * Bodies: the calls the console and older clients send as forms (login, users, recharge…) accept
 * url-encoded forms as well as JSON. An empty JSON body counts as no body, since clients send the JSON content type on
 * body-less POSTs such as the menu call; a route that needs a body then answers 422, not 400. A body nested
 * deeper than MAX_JSON_DEPTH is refused (422) before it is parsed.
 * Multipart bodies (uploads) are read by the routes that take them (`request.parts()`): by default one
 * file of at most the largest upload limit; each route narrows the limits it needs.
 */
export default fp(
  async (fastify) => {
    await fastify.register(formbody);
    await fastify.register(multipart, {
      limits: {
        fileSize: Math.max(UPLOAD_LIMITS.maxBytes, ICON_LIMITS.maxBytes),
        files: 1,
        fields: 20,
        fieldSize: 64 * 1024,
        parts: 21,
      },
    });
    const parseJson = fastify.getDefaultJsonParser('error', 'error');
    fastify.removeContentTypeParser('application/json');
    fastify.addContentTypeParser(
      'application/json',
      { parseAs: 'string' },
      (request: FastifyRequest, body: string, done) => {
        if (body.trim() === '') {
          done(null, undefined);
          return;
        }
        if (nestsDeeperThan(body, MAX_JSON_DEPTH)) {
          done(new AppError(422, 'BAD_REQUEST', 'JSON_TOO_DEEP', { loc: ['body'] }), undefined);
          return;
        }
        parseJson(request, body, done);
      },
    );
  },
  { name: 'body-parsers' },
);
