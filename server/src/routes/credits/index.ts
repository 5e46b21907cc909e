import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CreditsResponseSchema, PageQuerySchema, RechargeBodySchema, UserIdParamsSchema } from '@flotilla/shared/contracts';
import { forbidden, notFound } from '../../lib/app-error';
import { ADMINS, STAFF } from '../access';

const tags = ['users'];

const creditsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { credits, users } = fastify.repos;

  fastify.post('/v1/users/recharge', {
    config: { auth: ADMINS },
    schema: { tags, summary: 'Add credits to a user of the tenant (form or JSON), with a ledger row', body: RechargeBodySchema, response: { 200: CreditsResponseSchema } },
    handler: async (request) => {
      const { tenantId } = request.auth;
      const { userId, amount, remark } = request.body;
      if (!(await users.get(tenantId, userId))) throw notFound('USER_NOT_FOUND');
      await credits.recharge(tenantId, userId, amount, remark);
      return credits.statement(tenantId, userId, 0, 20);
    },
  });

  fastify.get('/v1/users/:id/credits', {
    config: { auth: STAFF },
    schema: { tags, summary: "A user's credit balance and ledger, newest first (admins: anyone of the tenant; others: themselves)", params: UserIdParamsSchema, querystring: PageQuerySchema, response: { 200: CreditsResponseSchema } },
    handler: async (request) => {
      const { tenantId, userId, role } = request.auth;
      if (role !== 'admin' && request.params.id !== userId) throw forbidden();
      if (!(await users.get(tenantId, request.params.id))) throw notFound('USER_NOT_FOUND');
      return credits.statement(tenantId, request.params.id, request.query.offset, request.query.limit);
    },
  });
};

export default creditsRoutes;
