import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ApiSecretListResponseSchema,
  ApiSecretParamsSchema,
  CreateApiSecretBodySchema,
  CreateApiSecretResponseSchema,
  ListApiSecretsQuerySchema,
  OkSchema,
} from '@flotilla/shared/contracts';
import { notFound } from '../../lib/app-error';
import { OPERATORS } from '../access';

const tags = ['robots'];

const secretsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { processes, secrets } = fastify.repos;

  const requireRobot = async (tenantId: string, processId: string) => {
    if (!(await processes.get(tenantId, processId))) throw notFound('ROBOT_NOT_FOUND');
  };

  fastify.get('/v1/secrets', {
    config: { auth: OPERATORS },
    schema: { tags, summary: "A robot's API secrets (names and prefixes; the secrets themselves are never shown again)", querystring: ListApiSecretsQuerySchema, response: { 200: ApiSecretListResponseSchema } },
    handler: async (request) => {
      await requireRobot(request.auth.tenantId, request.query.processId);
      return secrets.list(request.auth.tenantId, request.query.processId);
    },
  });

  fastify.post('/v1/secrets', {
    config: { auth: OPERATORS },
    schema: { tags, summary: 'Create an API secret for a robot: the answer is the only time the secret is shown', body: CreateApiSecretBodySchema, response: { 200: CreateApiSecretResponseSchema } },
    handler: async (request) => {
      await requireRobot(request.auth.tenantId, request.body.processId);
      return secrets.create(request.auth.tenantId, request.body.processId, request.body.name);
    },
  });

  fastify.delete('/v1/secrets/:id', {
    config: { auth: OPERATORS },
    schema: { tags, summary: 'Revoke an API secret (at once)', params: ApiSecretParamsSchema, response: { 200: OkSchema } },
    handler: async (request) => {
      if (!(await secrets.remove(request.auth.tenantId, request.params.id))) throw notFound('SECRET_NOT_FOUND');
      return { ok: true as const };
    },
  });
};

export default secretsRoutes;
