import fp from 'fastify-plugin';
import { ParsePool, type DocumentParser, type TableFileReader } from '../../knowledge/parse-pool';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Reads uploaded documents within the parse budget, in processes of their own (parse jobs, split preview,
     * database table imports).
     */
    parser: DocumentParser & TableFileReader;
  }
}

/** The app's parser processes (config.parseBudget); they end when the app closes. */
export default fp(
  async (fastify) => {
    const pool = new ParsePool(fastify.config.parseBudget);
    fastify.decorate('parser', pool);
    fastify.addHook('onClose', async () => pool.close());
  },
  { name: 'document-parser' },
);
