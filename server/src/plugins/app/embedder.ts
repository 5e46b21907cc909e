import fp from 'fastify-plugin';
import { createEmbedder, type Embedder } from '../../search/embeddings';

declare module 'fastify' {
  interface FastifyInstance {
    embedder: Embedder;
  }
}

/** The configured embedding endpoints, used when files are indexed and when datasets are searched. */
export default fp(
  async (fastify) => {
    const embedder = createEmbedder(fastify.config.embeddingModels);
    fastify.decorate('embedder', embedder);
    fastify.addHook('onClose', () => embedder.close());
  },
  { name: 'embedder' },
);
