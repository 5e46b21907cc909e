import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';

/**
 * gzip for answers over 1 KB: the console's scripts and JSON lists shrink 3–5×, which is what a
 * phone on a slow network pays for. Brotli is left out: at its default quality it costs far more
 * CPU per response than it saves in bytes for on-the-fly compression.
 */
export default fp(
  async (fastify) => {
    await fastify.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['gzip'] });
  },
  { name: 'compression' },
);
