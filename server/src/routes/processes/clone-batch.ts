import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** Cloning chosen robots to chosen users, as a task. */
const cloneBatchRoutes: FastifyPluginAsyncTypebox = async () => {};

export default cloneBatchRoutes;
