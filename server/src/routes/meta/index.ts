import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { HealthSchema, RemotesConfigSchema, VersionInfoSchema } from '@flotilla/shared/contracts';
import { remotesConfig, shellBuildTime } from '../../lib/builds';
import { PUBLIC } from '../access';

const tags = ['meta'];
const startedAt = new Date().toISOString();

const metaRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { config } = fastify;

  fastify.get('/healthz', {
    config: { auth: PUBLIC },
    schema: { tags, summary: 'Liveness, with a database round trip', response: { 200: HealthSchema } },
    handler: async () => {
      await sql`select 1`.execute(fastify.db);
      return { status: 'ok' as const, db: fastify.dbDialect };
    },
  });

  // The console polls this to notice a new deployment, so it must never come from a cache.
  fastify.get('/version.json', {
    config: { auth: PUBLIC },
    schema: { tags, summary: 'Version and build time of the console', response: { 200: VersionInfoSchema } },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-cache, no-store, must-revalidate');
      return { version: config.version, buildTime: (await shellBuildTime(config.staticDir)) ?? startedAt };
    },
  });

  fastify.get('/remotes.json', {
    config: { auth: PUBLIC },
    schema: { tags, summary: 'Where each remote’s manifest lives', response: { 200: RemotesConfigSchema } },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return remotesConfig(config);
    },
  });
};

export default metaRoutes;
