import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** Case files, their analysis and the file reports. */
const caseFilesRoutes: FastifyPluginAsyncTypebox = async () => {};

export default caseFilesRoutes;
