import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CaseListResponseSchema, ListCasesQuerySchema } from '@flotilla/shared/contracts';
import { STAFF } from '../access';

const casesRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get('/v1/case', {
    config: { auth: STAFF },
    schema: {
      tags: ['cases'],
      summary: 'Cases of the tenant, newest first (paged; keyword, robot, status filters)',
      querystring: ListCasesQuerySchema,
      response: { 200: CaseListResponseSchema },
    },
    handler: async (request) => fastify.repos.cases.list(request.auth.tenantId, request.query),
  });
};

export default casesRoutes;
