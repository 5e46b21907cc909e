import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GetCurrentUser, GetMenu, Login, Logout } from '@flotilla/shared/contracts';
import { AppError } from '../../lib/app-error';
import { clientKey } from '../../lib/client-address';
import { UNUSABLE_PASSWORD_HASH, verifyPassword } from '../../lib/password';
import { retryLater } from '../../lib/retry-later';
import { toUser } from '../../plugins/app/users/users-repository';
import { ANY_USER, PUBLIC } from '../access';
import { route } from '../endpoint-route';

const tags = ['auth'];
// isLogin: false tells the console this is a failed login, not an expired session.
const loginFailed = (code: 'LOGIN_FAILED' | 'USER_FROZEN') => new AppError(401, code, code, { isLogin: false });

const authRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { repos, loginThrottle } = fastify;

  route(fastify, Login, {
    config: { auth: PUBLIC },
    tags,
    summary: 'Log in with username and password (form or JSON)',
    handler: async (request, reply) => {
      const { username, password } = request.body;
      const userKey = username.toLowerCase();
      // Only this address waits for its failures with this username; the owner elsewhere is never refused.
      const waitMs = loginThrottle.admit(userKey, clientKey(request.ip));
      if (waitMs > 0) throw retryLater(reply, 'LOGIN_THROTTLED', waitMs, { isLogin: false });
      await loginThrottle.slowDown(userKey);

      const row = await repos.users.findByUsername(username);
      // An unknown username costs a hash too, so timing does not tell which usernames exist.
      const valid = await verifyPassword(password, row?.passwordHash ?? UNUSABLE_PASSWORD_HASH);
      if (!row || !valid) {
        await loginThrottle.failed(userKey, clientKey(request.ip));
        throw loginFailed('LOGIN_FAILED');
      }
      loginThrottle.succeeded(userKey, clientKey(request.ip));
      if (row.ban === 1) throw loginFailed('USER_FROZEN');
      const token = await repos.tokens.issue(row);
      return { token, user: toUser(row) };
    },
  });

  route(fastify, Logout, {
    config: { auth: ANY_USER },
    tags,
    summary: 'Log out: revokes the token of this request',
    handler: async (request) => {
      await repos.tokens.revoke(request.auth);
      return { ok: true as const };
    },
  });

  route(fastify, GetCurrentUser, {
    config: { auth: ANY_USER },
    tags,
    summary: 'The logged-in user',
    handler: async (request) => {
      const user = await repos.users.get(request.auth.tenantId, request.auth.userId);
      if (!user) throw new AppError(401, 'UNAUTHENTICATED');
      return user;
    },
  });

  route(fastify, GetMenu, {
    config: { auth: ANY_USER },
    tags,
    summary: "The menu of the caller's role, sorted by order",
    handler: async (request) => repos.menu.forRole(request.auth.role),
  });
};

export default authRoutes;
