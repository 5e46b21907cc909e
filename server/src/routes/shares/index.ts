import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ShareInfoQuerySchema, ShareInfoSchema, ShareParamsSchema, ShareSettingsSchema, UpdateShareBodySchema } from '@flotilla/shared/contracts';
import { found } from '../../lib/app-error';
import { OPERATORS, PUBLIC } from '../access';

const tags = ['share'];

const sharesRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { shares } = fastify.repos;

  fastify.get('/v1/share/info', {
    config: { auth: PUBLIC },
    schema: { tags, summary: 'What a public share page shows (no login); 404 when the share or its robot is off, or the share expired', querystring: ShareInfoQuerySchema, response: { 200: ShareInfoSchema } },
    handler: async (request) => found(await shares.publicInfo(request.query.shareId), 'SHARE_NOT_FOUND'),
  });

  // adminId is part of the specification's path; the tenant scope, not the admin, decides access.
  fastify.get('/v1/users/:adminId/processes/:processId/share', {
    config: { auth: OPERATORS },
    schema: { tags, summary: "A robot's share settings", params: ShareParamsSchema, response: { 200: ShareSettingsSchema } },
    handler: async (request) => found(await shares.forProcess(request.auth.tenantId, request.params.processId), 'ROBOT_NOT_FOUND'),
  });

  fastify.put('/v1/users/:adminId/processes/:processId/share', {
    config: { auth: OPERATORS },
    schema: {
      tags,
      summary: "Change a robot's share settings (fields given): allowed origins, rate limit, expiry, theme colour",
      params: ShareParamsSchema,
      body: UpdateShareBodySchema,
      response: { 200: ShareSettingsSchema },
    },
    handler: async (request) => found(await shares.update(request.auth.tenantId, request.params.processId, request.body), 'ROBOT_NOT_FOUND'),
  });

  for (const [action, enabled] of [['enable', true], ['disable', false]] as const) {
    fastify.put(`/v1/users/:adminId/processes/:processId/share/${action}`, {
      config: { auth: OPERATORS },
      schema: { tags, summary: enabled ? "Turn a robot's share on" : "Turn a robot's share off", params: ShareParamsSchema, response: { 200: ShareSettingsSchema } },
      handler: async (request) =>
        found(await shares.setEnabled(request.auth.tenantId, request.params.processId, enabled), 'ROBOT_NOT_FOUND'),
    });
  }
};

export default sharesRoutes;
