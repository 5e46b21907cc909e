import fp from 'fastify-plugin';
import { sql, type Kysely } from 'kysely';
import { createDatabase, type Database, type DialectName } from '../../db/database';
import { migrateToLatest } from '../../db/migrations/index';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbDialect: DialectName;
  }
}

/** Opens SQLite or PostgreSQL (per config), brings the schema up to date, and closes it with the app. */
export default fp(
  async (fastify) => {
    const { db, dialect } = createDatabase(fastify.config);
    fastify.addHook('onClose', async () => {
      await db.destroy();
    });
    const { databaseSchema } = fastify.config;
    if (dialect === 'postgres' && databaseSchema) {
      // The name was validated by postgresDialect; search_path points at it, so it must exist.
      await sql`create schema if not exists ${sql.id(databaseSchema)}`.execute(db);
    }
    await migrateToLatest(db as unknown as Kysely<unknown>, dialect);
    fastify.decorate('db', db);
    fastify.decorate('dbDialect', dialect);
  },
  { name: 'database', decorators: { fastify: ['config'] } },
);
