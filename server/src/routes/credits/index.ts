import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GetUserCredits, RechargeUser } from '@flotilla/shared/contracts';
import { forbidden, notFound } from '../../lib/app-error';
import { ADMINS, STAFF } from '../access';
import { route } from '../endpoint-route';

const tags = ['users'];

const creditsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { credits, users } = fastify.repos;

  route(fastify, RechargeUser, {
    config: { auth: ADMINS },
    tags,
    summary: 'Add credits to a user of the tenant (form or JSON), with a ledger row',
    handler: async (request) => {
      const { tenantId } = request.auth;
      const { userId, amount, remark } = request.body;
      if (!(await users.get(tenantId, userId))) throw notFound('USER_NOT_FOUND');
      await credits.recharge(tenantId, userId, amount, remark);
      return credits.statement(tenantId, userId, 0, 20);
    },
  });

  route(fastify, GetUserCredits, {
    config: { auth: STAFF },
    tags,
    summary: "A user's credit balance and ledger, newest first (admins: anyone of the tenant; others: themselves)",
    handler: async (request) => {
      const { tenantId, userId, role } = request.auth;
      if (role !== 'admin' && request.params.id !== userId) throw forbidden();
      if (!(await users.get(tenantId, request.params.id))) throw notFound('USER_NOT_FOUND');
      return credits.statement(tenantId, request.params.id, request.query.offset, request.query.limit);
    },
  });
};

export default creditsRoutes;
