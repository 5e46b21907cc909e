import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { GetHealth, GetRemotesConfig, GetVersionInfo } from '@flotilla/shared/contracts';
import { remotesConfig, shellBuildTime } from '../../lib/builds';
import { PUBLIC } from '../access';
import { route } from '../endpoint-route';

const tags = ['meta'];
const startedAt = new Date().toISOString();

const metaRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { config } = fastify;

  route(fastify, GetHealth, {
    config: { auth: PUBLIC },
    tags,
    summary: 'Liveness, with a database round trip',
    handler: async () => {
      await sql`select 1`.execute(fastify.db);
      return { status: 'ok' as const, db: fastify.dbDialect };
    },
  });

  // The console polls this to notice a new deployment, so it must never come from a cache.
  route(fastify, GetVersionInfo, {
    config: { auth: PUBLIC },
    tags,
    summary: 'Version and build time of the console',
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-cache, no-store, must-revalidate');
      return { version: config.version, buildTime: (await shellBuildTime(config.staticDir)) ?? startedAt };
    },
  });

  route(fastify, GetRemotesConfig, {
    config: { auth: PUBLIC },
    tags,
    summary: 'Where each remote’s manifest lives',
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return remotesConfig(config);
    },
  });
};

export default metaRoutes;
