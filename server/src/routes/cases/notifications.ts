import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ListCaseNotifications, ReadCaseNotifications } from '@flotilla/shared/contracts';
import { STAFF } from '../access';
import { route } from '../endpoint-route';
import { viewerOf } from './case-viewer';

const tags = ['cases'];

/** Each staff member's notes of the cases given to them, while they may still see those cases. */
const caseNotificationsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { caseNotifications } = fastify.repos;

  route(fastify, ListCaseNotifications, {
    config: { auth: STAFF },
    tags,
    summary: "The caller's case notifications, newest first, with the unread count (only of cases the caller may see)",
    handler: async (request) => caseNotifications.list(await viewerOf(fastify, request), request.query),
  });

  route(fastify, ReadCaseNotifications, {
    config: { auth: STAFF },
    tags,
    summary: "Marks the caller's notifications read (the ids given, or all); answers how many stay unread",
    handler: async (request) => ({
      unread: await caseNotifications.markRead(await viewerOf(fastify, request), request.body.ids),
    }),
  });
};

export default caseNotificationsRoutes;
