import type { Role } from '@flotilla/shared/contracts';
import type { Database } from '../../../db/database';
import { prepare } from '../../../db/prepared';
import { scoped } from '../../../db/scoped';
import { isoNow } from '../../../lib/clock';
import { hashToken, newToken } from '../../../lib/tokens';

const TOKEN_LIFETIME_MS = 30 * 24 * 3600 * 1000;

/** Who is calling: what the authentication hook puts on the request. */
export type Session = {
  userId: string;
  tenantId: string;
  role: Role;
  isPlatformOwner: boolean;
  tokenHash: string;
};

export function tokensRepository(db: Database) {
  // Every authenticated request runs this: prepared once.
  const findSession = prepare(db, (p: { tokenHash: string; now: string }) =>
    db
      .selectFrom('tokens')
      .innerJoin('users', (join) =>
        join.onRef('users.id', '=', 'tokens.userId').onRef('users.tenantId', '=', 'tokens.tenantId'),
      )
      .select(['users.id', 'users.tenantId', 'users.role', 'users.isPlatformOwner'])
      .where('tokens.tokenHash', '=', p.tokenHash)
      .where('tokens.revokedAt', 'is', null)
      .where('tokens.expiresAt', '>', p.now)
      .where('users.ban', '=', 0),
  );

  return {
    async issue(user: { id: string; tenantId: string }): Promise<string> {
      const token = newToken();
      const now = new Date();
      await scoped(db, user.tenantId)
        .insertInto('tokens', {
          tokenHash: hashToken(token),
          userId: user.id,
          createdAt: now.toISOString(),
          expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS).toISOString(),
          revokedAt: null,
        })
        .execute();
      return token;
    },

    /**
     * The session of a bearer token, or undefined when it is unknown, revoked, expired or its user frozen.
     * Not tenant-scoped: the token is what tells us the tenant.
     */
    async find(token: string): Promise<Session | undefined> {
      const tokenHash = hashToken(token);
      const [row] = await findSession({ tokenHash, now: isoNow() });
      return (
        row && {
          userId: row.id,
          tenantId: row.tenantId,
          role: row.role,
          isPlatformOwner: row.isPlatformOwner === 1,
          tokenHash,
        }
      );
    },

    async revoke(session: Session): Promise<void> {
      await scoped(db, session.tenantId)
        .updateTable('tokens')
        .set({ revokedAt: isoNow() })
        .where('tokenHash', '=', session.tokenHash)
        .execute();
    },
  };
}
