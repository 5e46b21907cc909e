import formbody from '@fastify/formbody';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Bodies: calls marked (form) in the specification accept url-encoded forms as well as JSON
 * (DESIGN.md §5). An empty JSON body counts as no body, since clients send the JSON content type on
 * body-less POSTs such as the menu call; a route that needs a body then answers 422, not 400.
 */
export default fp(
  async (fastify) => {
    await fastify.register(formbody);
    const parseJson = fastify.getDefaultJsonParser('error', 'error');
    fastify.removeContentTypeParser('application/json');
    fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request: FastifyRequest, body: string, done) => {
      if (body.trim() === '') {
        done(null, undefined);
        return;
      }
      parseJson(request, body, done);
    });
  },
  { name: 'body-parsers' },
);

