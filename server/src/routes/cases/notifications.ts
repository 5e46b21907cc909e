import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ListCaseNotifications, ReadCaseNotifications } from '@flotilla/shared/contracts';
import { STAFF } from '../access';
import { route } from '../endpoint-route';

const tags = ['cases'];

/** Each staff member's notes of the cases given to them. */
const caseNotificationsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { caseNotifications } = fastify.repos;

  route(fastify, ListCaseNotifications, {
    config: { auth: STAFF },
    tags,
    summary: "The caller's case notifications, newest first, with the unread count",
    handler: async (request) => caseNotifications.list(request.auth.tenantId, request.auth.userId, request.query),
  });

  route(fastify, ReadCaseNotifications, {
    config: { auth: STAFF },
    tags,
    summary: "Marks the caller's notifications read (the ids given, or all); answers how many stay unread",
    handler: async (request) => ({
      unread: await caseNotifications.markRead(request.auth.tenantId, request.auth.userId, request.body.ids),
    }),
  });
};

export default caseNotificationsRoutes;
