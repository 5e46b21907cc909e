import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ListCases } from '@flotilla/shared/contracts';
import { STAFF } from '../access';
import { route } from '../endpoint-route';

const casesRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  route(fastify, ListCases, {
    config: { auth: STAFF },
    tags: ['cases'],
    summary: 'Cases of the tenant, newest first (paged; keyword, robot, status filters)',
    handler: async (request) => fastify.repos.cases.list(request.auth.tenantId, request.query),
  });
};

export default casesRoutes;
