import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** Teams, the robots they receive, subscriptions, the phone whitelist, orders, notifications, team export. */
const caseTeamsRoutes: FastifyPluginAsyncTypebox = async () => {};

export default caseTeamsRoutes;
