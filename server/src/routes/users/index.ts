import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateUser,
  FindUserByPhone,
  FreezeUser,
  ListActingUsers,
  ListUserOptions,
  ListUsers,
  UnfreezeUser,
} from '@flotilla/shared/contracts';
import { AppError, notFound } from '../../lib/app-error';
import { RateWindow } from '../../lib/rate-window';
import { retryLater } from '../../lib/retry-later';
import { ADMINS, STAFF } from '../access';
import { route } from '../endpoint-route';

const tags = ['users'];
const DAY_MS = 24 * 60 * 60 * 1000;

const usersRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { repos, config } = fastify;
  // Usernames are unique across tenants, so a creation's 409 tells whether a name exists anywhere:
  // creations per admin are limited, and every refusal is logged so that probing shows.
  const now = () => config.clock.now();
  const creationLimits = [
    { window: new RateWindow(60_000, now), limit: config.userCreatePerMinute },
    { window: new RateWindow(DAY_MS, now), limit: config.userCreatePerDay },
  ];

  route(fastify, ListUsers, {
    config: { auth: ADMINS },
    tags,
    summary: "Users of the caller's tenant (paged; name, phone, role, ban and agent filters; sorted)",
    handler: async (request) => repos.users.list(request.auth.tenantId, request.query),
  });

  route(fastify, ListUserOptions, {
    config: { auth: STAFF },
    tags,
    summary: "Users of the caller's tenant as { id, name }, for pickers (paged; name filter)",
    handler: async (request) => repos.users.options(request.auth.tenantId, request.query),
  });

  route(fastify, FindUserByPhone, {
    config: { auth: ADMINS },
    tags,
    summary: "The caller's tenant's user with that phone (spaces and dashes ignored)",
    handler: async (request) => {
      const user = await repos.users.findByPhone(request.auth.tenantId, request.query.phone);
      if (!user) throw notFound('USER_NOT_FOUND');
      return user;
    },
  });

  route(fastify, ListActingUsers, {
    config: { auth: STAFF },
    tags,
    summary: 'Users the caller may act for: an admin all, an operator the agents and themself, an agent themself',
    handler: async (request) => repos.users.actingFor(request.auth, request.query),
  });

  route(fastify, CreateUser, {
    config: { auth: ADMINS },
    tags,
    summary: "Create a user in the caller's tenant (form or JSON)",
    handler: async (request, reply) => {
      const { userId: adminId, tenantId } = request.auth;
      const refused = (code: 'RATE_LIMITED' | 'USERNAME_TAKEN') =>
        request.log.warn({ adminId, tenantId, username: request.body.username, code }, 'user creation refused');
      // The first full window stops the count, so a refusal by the minute does not spend the day's budget.
      const full = creationLimits.find(({ window, limit }) => !window.hit(adminId, limit));
      if (full) {
        refused('RATE_LIMITED');
        throw retryLater(reply, 'RATE_LIMITED', full.window.msUntilReset(adminId));
      }
      try {
        return await repos.users.create(tenantId, request.body);
      } catch (error) {
        if (error instanceof AppError && error.code === 'USERNAME_TAKEN') refused(error.code);
        throw error;
      }
    },
  });

  const setBan =
    (ban: boolean) => async (request: { auth: { tenantId: string; userId: string }; params: { id: string } }) => {
      if (ban && request.params.id === request.auth.userId)
        throw new AppError(400, 'BAD_REQUEST', 'CANNOT_FREEZE_SELF');
      const user = await repos.users.setBan(request.auth.tenantId, request.params.id, ban);
      if (!user) throw notFound('USER_NOT_FOUND');
      return user;
    };

  route(fastify, FreezeUser, {
    config: { auth: ADMINS },
    tags,
    summary: 'Freeze a user: they cannot log in and their tokens stop working',
    handler: setBan(true),
  });

  route(fastify, UnfreezeUser, {
    config: { auth: ADMINS },
    tags,
    summary: 'Unfreeze a user',
    handler: setBan(false),
  });
};

export default usersRoutes;
