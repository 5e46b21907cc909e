import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** The dashboard's aggregates, one call per chart, tenant-scoped. */
const dashboardRoutes: FastifyPluginAsyncTypebox = async () => {};

export default dashboardRoutes;
