import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DisableShare, EnableShare, GetShare, GetShareInfo, UpdateShare } from '@flotilla/shared/contracts';
import { found, invalidInput } from '../../lib/app-error';
import { normalizeOrigin } from '../../lib/origins';
import { OPERATORS, PUBLIC } from '../access';
import { checkShareOrigin } from '../chat/chat-access';
import { route } from '../endpoint-route';

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

  route(fastify, GetShareInfo, {
    config: { auth: PUBLIC },
    tags,
    summary:
      "What a public share page shows (no login); 404 when the share or its robot is off, or the share expired; 403 ORIGIN_NOT_ALLOWED from a site the share's allowed origins leave out",
    handler: async (request) => {
      const share = found(await shares.publicInfo(request.query.shareId), 'SHARE_NOT_FOUND');
      checkShareOrigin(fastify, request, share.allowedOrigins);
      return share.info;
    },
  });

  // adminId is part of the specification's path; the tenant scope, not the admin, decides access.
  route(fastify, GetShare, {
    config: { auth: OPERATORS },
    tags,
    summary: "A robot's share settings",
    handler: async (request) =>
      found(await shares.forProcess(request.auth.tenantId, request.params.processId), 'ROBOT_NOT_FOUND'),
  });

  route(fastify, UpdateShare, {
    config: { auth: OPERATORS },
    tags,
    summary: "Change a robot's share settings (fields given): allowed origins, rate limit, expiry, theme colour",
    handler: async (request) => {
      const { allowedOrigins, ...rest } = request.body;
      const body = allowedOrigins === undefined ? rest : { ...rest, allowedOrigins: normalizedOrigins(allowedOrigins) };
      return found(await shares.update(request.auth.tenantId, request.params.processId, body), 'ROBOT_NOT_FOUND');
    },
  });

  for (const [call, enabled] of [
    [EnableShare, true],
    [DisableShare, false],
  ] as const) {
    route(fastify, call, {
      config: { auth: OPERATORS },
      tags,
      summary: enabled ? "Turn a robot's share on" : "Turn a robot's share off",
      handler: async (request) =>
        found(await shares.setEnabled(request.auth.tenantId, request.params.processId, enabled), 'ROBOT_NOT_FOUND'),
    });
  }
};

export default sharesRoutes;
