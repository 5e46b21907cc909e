import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { roleAllowed, type RouteRoles } from '@flotilla/shared/contracts';
import { AppError } from '../../lib/app-error';
import { LoginThrottle } from '../../lib/login-throttle';
import type { Session } from './tokens/tokens-repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller; set on every route whose `config.auth` is not 'public' (the hook below guarantees it). */
    auth: Session;
  }
  interface FastifyInstance {
    /** The caller of a public route that also serves logged-in users (chat calls with `processId`): 401 when the token is bad. */
    requireSession(request: FastifyRequest, access: RouteRoles): Promise<Session>;
    /** Backoff of failed logins per username and client address; slows guessing, never locks an owner out. */
    loginThrottle: LoginThrottle;
  }
}

/**
 * Bearer-token authentication and the role check, for every route in one place: a route's
 * `config.auth` names the roles it allows (see api-conventions). Missing, unknown, revoked or
 * expired token → 401 UNAUTHENTICATED (no isLogin: the console shows its forced-logout modal);
 * wrong role → 403 FORBIDDEN.
 */
export default fp(
  async (fastify) => {
    fastify.decorate('loginThrottle', new LoginThrottle(fastify.config.clock));
    fastify.decorateRequest('auth', null as unknown as Session);

    const requireSession = async (request: FastifyRequest, access: RouteRoles): Promise<Session> => {
      const token = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
      const session = token ? await fastify.repos.tokens.find(token) : undefined;
      if (!session) throw new AppError(401, 'UNAUTHENTICATED');
      if (!roleAllowed(access, session.role)) throw new AppError(403, 'FORBIDDEN');
      request.auth = session;
      return session;
    };
    fastify.decorate('requireSession', requireSession);

    fastify.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.auth;
      if (access === undefined || access === 'public') return;
      await requireSession(request, access);
    });
  },
  { name: 'authentication', dependencies: ['repositories'] },
);
