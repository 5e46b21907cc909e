import fp from 'fastify-plugin';
import { DatabaseReaders } from '../../databases/database-readers';

declare module 'fastify' {
  interface FastifyInstance {
    /** Open readers of the tenants' databases (server/src/databases), shared by the pages and the robots. */
    databaseReaders: DatabaseReaders;
  }
}

/** One set of database readers per server; their pools and query processes end with it. */
export default fp(
  async (fastify) => {
    const readers = new DatabaseReaders(fastify.repos.databases);
    fastify.decorate('databaseReaders', readers);
    fastify.addHook('onClose', () => readers.closeAll());
  },
  { name: 'database-readers', dependencies: ['repositories'] },
);
