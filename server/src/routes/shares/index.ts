import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ShareInfoQuerySchema, ShareInfoSchema, ShareParamsSchema, ShareSettingsSchema, UpdateShareBodySchema } from '@flotilla/shared/contracts';
import { found, invalidInput } from '../../lib/app-error';
import { normalizeOrigin } from '../../lib/origins';
import { OPERATORS, PUBLIC } from '../access';
import { checkShareOrigin } from '../chat/chat-access';

const tags = ['share'];

/** Allowed origins as browsers send them (lower case, no default port); 422 for one that is no bare origin. */
function normalizedOrigins(origins: string[]): string[] {
  return origins.map((origin, i) => {
    const normalized = normalizeOrigin(origin);
    if (normalized === undefined) throw invalidInput(['body', 'allowedOrigins', i], 'INVALID_ORIGIN');
    return normalized;
  });
}

const sharesRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { shares } = fastify.repos;

  fastify.get('/v1/share/info', {
    config: { auth: PUBLIC },
    schema: { tags, summary: "What a public share page shows (no login); 404 when the share or its robot is off, or the share expired; 403 ORIGIN_NOT_ALLOWED from a site the share's allowed origins leave out", querystring: ShareInfoQuerySchema, response: { 200: ShareInfoSchema } },
    handler: async (request) => {
      const share = found(await shares.publicInfo(request.query.shareId), 'SHARE_NOT_FOUND');
      checkShareOrigin(fastify, request, share.allowedOrigins);
      return share.info;
    },
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
    handler: async (request) => {
      const { allowedOrigins, ...rest } = request.body;
      const body = allowedOrigins === undefined ? rest : { ...rest, allowedOrigins: normalizedOrigins(allowedOrigins) };
      return found(await shares.update(request.auth.tenantId, request.params.processId, body), 'ROBOT_NOT_FOUND');
    },
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
