import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CreateRobotBodySchema, ListRobotsQuerySchema, OkSchema, RobotListResponseSchema, RobotParamsSchema, RobotSchema } from '@flotilla/shared/contracts';
import { versionedReads } from '../../db/data-versions';
import { found, notFound } from '../../lib/app-error';
import { OPERATORS, STAFF } from '../access';

const tags = ['robots'];

const processesRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { processes } = fastify.repos;
  // The console's busiest call, read far more often than robots change: the serialized answer is
  // cached by the tenant's data version, which every write to robots raises.
  const cachedListBody = versionedReads<string>(fastify.db, 'processes');

  fastify.get('/v1/processes', {
    config: { auth: STAFF },
    schema: { tags, summary: 'Robots of the tenant, newest first (paged; keyword, tag filters)', querystring: ListRobotsQuerySchema, response: { 200: RobotListResponseSchema } },
    handler: async (request, reply) => {
      const { tenantId } = request.auth;
      const { offset, limit, keyword = '', tagId = '' } = request.query;
      const body = await cachedListBody(tenantId, JSON.stringify([offset, limit, keyword, tagId]), async () =>
        String(reply.serialize(await processes.list(tenantId, request.query))),
      );
      // Already serialized by this route's own serializer: typed as the schema's shape for send().
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  });

  fastify.post('/v1/processes', {
    config: { auth: OPERATORS },
    schema: { tags, summary: 'Create a robot (with its share, disabled)', body: CreateRobotBodySchema, response: { 200: RobotSchema } },
    handler: async (request) => processes.create(request.auth.tenantId, request.auth.userId, request.body),
  });

  fastify.get('/v1/processes/:processId', {
    config: { auth: OPERATORS },
    schema: { tags, summary: 'One robot', params: RobotParamsSchema, response: { 200: RobotSchema } },
    handler: async (request) => found(await processes.get(request.auth.tenantId, request.params.processId), 'ROBOT_NOT_FOUND'),
  });

  fastify.delete('/v1/processes/:processId', {
    config: { auth: OPERATORS },
    schema: { tags, summary: 'Delete a robot and its share', params: RobotParamsSchema, response: { 200: OkSchema } },
    handler: async (request) => {
      if (!(await processes.remove(request.auth.tenantId, request.params.processId))) throw notFound('ROBOT_NOT_FOUND');
      return { ok: true as const };
    },
  });

  for (const [action, enabled] of [['enableProcess', true], ['disableProcess', false]] as const) {
    fastify.put(`/v1/processes/:processId/${action}`, {
      config: { auth: OPERATORS },
      schema: { tags, summary: enabled ? 'Enable a robot' : 'Disable a robot (its share stops answering)', params: RobotParamsSchema, response: { 200: RobotSchema } },
      handler: async (request) => found(await processes.setEnabled(request.auth.tenantId, request.params.processId, enabled), 'ROBOT_NOT_FOUND'),
    });
  }
};

export default processesRoutes;
