import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** The referral programme: codes, settings, invitees, rewards, and registering with a code. */
const referralsRoutes: FastifyPluginAsyncTypebox = async () => {};

export default referralsRoutes;
