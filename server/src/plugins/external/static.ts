import { basename } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

const HASHED_ASSET = /\.[0-9a-f]{8}\.(js|css)$/;

/** Content-hashed names never change content: cache forever. Everything else is revalidated each time. */
export function cacheControlFor(path: string): string {
  return HASHED_ASSET.test(basename(path)) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** `reply.sendFile` for the web-hosting routes (routes/web); no routes of its own. */
export default fp(
  async (fastify) => {
    await fastify.register(fastifyStatic, {
      root: fastify.config.staticDir,
      serve: false,
      cacheControl: false,
      dotfiles: 'ignore',
      setHeaders: (res, path) => res.setHeader('cache-control', cacheControlFor(path)),
    });
  },
  { name: 'static', decorators: { fastify: ['config'] } },
);
