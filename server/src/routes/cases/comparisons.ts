import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** Comparisons of robots over question sets, and API secret usage. */
const comparisonsRoutes: FastifyPluginAsyncTypebox = async () => {};

export default comparisonsRoutes;
