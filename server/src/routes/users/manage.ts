import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** Editing a user, resetting their password, deleting them (their robots kept or moved). */
const usersManageRoutes: FastifyPluginAsyncTypebox = async () => {};

export default usersManageRoutes;
