import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CreateApiSecret, DeleteApiSecret, ListApiSecrets } from '@flotilla/shared/contracts';
import { notFound } from '../../lib/app-error';
import { OPERATORS } from '../access';
import { route } from '../endpoint-route';

const tags = ['robots'];

const secretsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { processes, secrets } = fastify.repos;

  const requireRobot = async (tenantId: string, processId: string) => {
    if (!(await processes.get(tenantId, processId))) throw notFound('ROBOT_NOT_FOUND');
  };

  route(fastify, ListApiSecrets, {
    config: { auth: OPERATORS },
    tags,
    summary: "A robot's API secrets (names and prefixes; the secrets themselves are never shown again)",
    handler: async (request) => {
      await requireRobot(request.auth.tenantId, request.query.processId);
      return secrets.list(request.auth.tenantId, request.query.processId);
    },
  });

  route(fastify, CreateApiSecret, {
    config: { auth: OPERATORS },
    tags,
    summary: 'Create an API secret for a robot: the answer is the only time the secret is shown',
    handler: async (request) => {
      await requireRobot(request.auth.tenantId, request.body.processId);
      return secrets.create(request.auth.tenantId, request.body.processId, request.body.name);
    },
  });

  route(fastify, DeleteApiSecret, {
    config: { auth: OPERATORS },
    tags,
    summary: 'Revoke an API secret (at once)',
    handler: async (request) => {
      if (!(await secrets.remove(request.auth.tenantId, request.params.id))) throw notFound('SECRET_NOT_FOUND');
      return { ok: true as const };
    },
  });
};

export default secretsRoutes;
