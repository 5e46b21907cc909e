import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DeleteUser, ResetUserPassword, UpdateUser } from '@flotilla/shared/contracts';
import { found, notFound } from '../../lib/app-error';
import { ADMINS } from '../access';
import { route } from '../endpoint-route';

const tags = ['users'];

/** Editing a user, resetting their password, deleting them (their robots moved to another user). */
const usersManageRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { users } = fastify.repos;

  route(fastify, UpdateUser, {
    config: { auth: ADMINS },
    tags,
    summary:
      "Change a user's nickname, phone, role, agent flag or avatar (the tenant keeps an active admin: 409 LAST_ADMIN)",
    handler: async (request) =>
      found(await users.update(request.auth.tenantId, request.params.id, request.body), 'USER_NOT_FOUND'),
  });

  route(fastify, ResetUserPassword, {
    config: { auth: ADMINS },
    tags,
    summary: "Set a user's password; their tokens stop working",
    handler: async (request) => {
      if (
        !(await users.setPassword(request.auth.tenantId, request.auth.userId, request.params.id, request.body.password))
      )
        throw notFound('USER_NOT_FOUND');
      return { ok: true as const };
    },
  });

  route(fastify, DeleteUser, {
    config: { auth: ADMINS },
    tags,
    summary:
      'Delete a user with their tokens, balance and ledger; their robots go to `robotsTo` (default: the caller) in the same transaction',
    handler: async (request) => {
      const { tenantId, userId } = request.auth;
      return users.remove(tenantId, request.params.id, request.query.robotsTo ?? userId, userId);
    },
  });
};

export default usersManageRoutes;
