import { randomBytes, randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { OIDC_LIMITS, type OidcProvider, type OidcProviderBody, type User } from '@flotilla/shared/contracts';
import { scoped } from '../../../db/scoped';
import { isUniqueViolation, type Database } from '../../../db/database';
import type { OidcProvidersTable, OidcStatesTable } from '../../../db/tables/oidc';
import { AppError } from '../../../lib/app-error';
import type { SecretBox } from '../../../lib/secret-box';
import { insertUser, toUser } from '../users/users-repository';

export type OidcProviderRow = Selectable<OidcProvidersTable>;
export type OidcStateRow = Selectable<OidcStatesTable>;

/** A provider row as admins see it: never its secret. */
function toProvider(row: OidcProviderRow): OidcProvider {
  return {
    id: row.id,
    name: row.name,
    issuer: row.issuer,
    clientId: row.clientId,
    hasSecret: row.clientSecret !== '',
    role: row.role,
    enabled: row.enabled === 1,
    createdAt: row.createdAt,
  };
}

/** A new user's username: the provider's preferred name or email's local part, cleaned, then made unique. */
function usernameBase(wish: string | undefined): string {
  const cleaned = (wish ?? '').replace(/[^A-Za-z0-9_.@-]/g, '').slice(0, 48);
  return cleaned.length >= 3 ? cleaned : `sso-${cleaned || 'user'}`;
}

/** A verified email as links keep and compare it: lower case; none past an address's longest length. */
function linkEmail(email: string): string {
  const trimmed = email.trim().toLowerCase();
  return trimmed.length <= 254 ? trimmed : '';
}

/** Single sign-on: the tenants' providers, the logins in flight, and the subject → user links. */
export function ssoRepository(db: Database, box: SecretBox) {
  return {
    async list(tenantId: string): Promise<{ list: OidcProvider[]; total: number }> {
      const rows = await scoped(db, tenantId)
        .selectFrom('oidcProviders')
        .selectAll()
        .orderBy('createdAt', 'asc')
        .orderBy('id', 'asc')
        .execute();
      return { list: rows.map(toProvider), total: rows.length };
    },

    async create(tenantId: string, body: OidcProviderBody, now: string): Promise<OidcProvider> {
      return db.transaction().execute(async (trx) => {
        const { count } = await scoped(trx, tenantId)
          .selectFrom('oidcProviders')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow();
        if (Number(count) >= OIDC_LIMITS.providersMax) throw new AppError(422, 'SSO_PROVIDERS_LIMIT');
        const row: OidcProviderRow = {
          id: randomUUID(),
          tenantId,
          name: body.name,
          issuer: body.issuer,
          clientId: body.clientId,
          clientSecret: body.clientSecret ? box.seal(body.clientSecret) : '',
          role: body.role,
          enabled: body.enabled ? 1 : 0,
          createdAt: now,
          updatedAt: now,
        };
        const { tenantId: _tenant, ...values } = row;
        await scoped(trx, tenantId).insertInto('oidcProviders', values).execute();
        return toProvider(row);
      });
    },

    async update(tenantId: string, id: string, body: OidcProviderBody, now: string): Promise<OidcProvider | undefined> {
      const result = await scoped(db, tenantId)
        .updateTable('oidcProviders')
        .set({
          name: body.name,
          issuer: body.issuer,
          clientId: body.clientId,
          ...(body.clientSecret !== undefined
            ? { clientSecret: body.clientSecret ? box.seal(body.clientSecret) : '' }
            : {}),
          role: body.role,
          enabled: body.enabled ? 1 : 0,
          updatedAt: now,
        })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return undefined;
      const row = await scoped(db, tenantId)
        .selectFrom('oidcProviders')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return toProvider(row);
    },

    /** Deletes the provider and its links: no later sign-on finds a user through a provider that is gone. */
    async remove(tenantId: string, id: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const tenant = scoped(trx, tenantId);
        const result = await tenant.deleteFrom('oidcProviders').where('id', '=', id).executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) return false;
        await tenant.deleteFrom('oidcLinks').where('providerKey', '=', `db:${id}`).execute();
        return true;
      });
    },

    /** Every tenant's enabled providers (the public login page), oldest first, at most `limit`. */
    async enabled(limit: number) {
      const rows = await db
        .selectFrom('oidcProviders')
        .selectAll()
        .where('enabled', '=', 1)
        .orderBy('createdAt', 'asc')
        .orderBy('id', 'asc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ ...row, clientSecret: row.clientSecret ? box.open(row.clientSecret) : '' }));
    },

    /** One enabled provider with its secret opened (for the code exchange). */
    async enabledById(id: string) {
      const row = await db
        .selectFrom('oidcProviders')
        .selectAll()
        .where('id', '=', id)
        .where('enabled', '=', 1)
        .executeTakeFirst();
      return row && { ...row, clientSecret: row.clientSecret ? box.open(row.clientSecret) : '' };
    },

    /** The oldest tenant: where FLOTILLA_OIDC's users land unless their provider names a tenant. */
    async firstTenantId(): Promise<string | undefined> {
      const row = await db
        .selectFrom('tenants')
        .select('id')
        .orderBy('createdAt', 'asc')
        .orderBy('id', 'asc')
        .executeTakeFirst();
      return row?.id;
    },

    /** Keeps a login in flight; expired ones are dropped on the way. */
    async saveState(state: OidcStateRow, now: string): Promise<void> {
      await db.deleteFrom('oidcStates').where('expiresAt', '<', now).execute();
      await db.insertInto('oidcStates').values(state).execute();
    },

    /**
     * Takes the unused, unexpired state for this client and redirect URI: marks it used in the same statement,
     * so of two callbacks carrying it only one gets it.
     */
    async takeState(
      state: string,
      match: { clientId: string; redirectUri: string },
      now: string,
    ): Promise<OidcStateRow | undefined> {
      const result = await db
        .updateTable('oidcStates')
        .set({ usedAt: now })
        .where('state', '=', state)
        .where('clientId', '=', match.clientId)
        .where('redirectUri', '=', match.redirectUri)
        .where('usedAt', 'is', null)
        .where('expiresAt', '>', now)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return undefined;
      return db.selectFrom('oidcStates').selectAll().where('state', '=', state).executeTakeFirst();
    },

    /** Tests: moves a state's expiry. */
    async setStateExpiry(state: string, expiresAt: string): Promise<void> {
      await db.updateTable('oidcStates').set({ expiresAt }).where('state', '=', state).execute();
    },

    /**
     * The user a subject logs in as: its link; else the user another of the tenant's providers linked with this
     * verified email (one person, two identity providers); else the tenant's user with this verified phone.
     * The oldest wins when several match. Matching by email or phone trusts the provider's word that it
     * verified them: `matchAdmins` false (a provider a tenant admin added) never matches an admin that way,
     * so an admin's provider cannot reach another admin's (or the platform owner's) account.
     */
    async findUser(
      tenantId: string,
      providerKey: string,
      subject: string,
      verified: { email?: string; phone?: string },
      matchAdmins: boolean,
    ): Promise<{ user: User; ban: boolean; linked: boolean } | undefined> {
      const tenant = scoped(db, tenantId);
      const linked = await tenant
        .selectFrom('oidcLinks')
        .innerJoin('users', 'users.id', 'oidcLinks.userId')
        .selectAll('users')
        .where('oidcLinks.providerKey', '=', providerKey)
        .where('oidcLinks.subject', '=', subject)
        .executeTakeFirst();
      if (linked) return { user: toUser(linked), ban: linked.ban === 1, linked: true };
      const email = verified.email ? linkEmail(verified.email) : '';
      if (email) {
        const byEmail = await tenant
          .selectFrom('oidcLinks')
          .innerJoin('users', 'users.id', 'oidcLinks.userId')
          .selectAll('users')
          .where('oidcLinks.email', '=', email)
          .$if(!matchAdmins, (query) => query.where('users.role', '!=', 'admin').where('users.isPlatformOwner', '=', 0))
          .orderBy('users.createdAt', 'asc')
          .orderBy('users.id', 'asc')
          .executeTakeFirst();
        if (byEmail) return { user: toUser(byEmail), ban: byEmail.ban === 1, linked: false };
      }
      const { phone } = verified;
      if (!phone) return undefined;
      const bare = phone.replace(/[ -]/g, '').replace(/^\+86/, '');
      const byPhone = await tenant
        .selectFrom('users')
        .selectAll()
        .where('phone', '!=', '')
        .where((eb) => eb.or([eb('phone', '=', bare), eb('phone', '=', phone)]))
        .$if(!matchAdmins, (query) => query.where('role', '!=', 'admin').where('isPlatformOwner', '=', 0))
        .orderBy('createdAt', 'asc')
        .orderBy('id', 'asc')
        .executeTakeFirst();
      return byPhone && { user: toUser(byPhone), ban: byPhone.ban === 1, linked: false };
    },

    /** Links a subject to a user; a link made meanwhile by another login wins (same subject, same user). */
    async link(tenantId: string, providerKey: string, subject: string, userId: string, email: string, now: string) {
      try {
        await scoped(db, tenantId)
          .insertInto('oidcLinks', { providerKey, subject, userId, email: linkEmail(email), createdAt: now })
          .execute();
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    },

    /** A new user of the tenant for a subject, with its link, both or neither. */
    async createUser(
      tenantId: string,
      providerKey: string,
      subject: string,
      wish: { username?: string; nickname?: string; phone?: string; email: string; role: User['role'] },
      now: string,
    ): Promise<User> {
      const base = usernameBase(wish.username);
      for (let attempt = 0; ; attempt += 1) {
        const username = attempt === 0 ? base : `${base}-${randomBytes(3).toString('hex')}`;
        try {
          return await db.transaction().execute(async (trx) => {
            const user = await insertUser(trx, tenantId, {
              username,
              // Nobody knows this password: the user logs in through the provider (or an admin sets one).
              password: randomBytes(32).toString('base64url'),
              nickname: (wish.nickname ?? username).slice(0, 64),
              ...(wish.phone ? { phone: wish.phone } : {}),
              role: wish.role,
            });
            await scoped(trx, tenantId)
              .insertInto('oidcLinks', {
                providerKey,
                subject,
                userId: user.id,
                email: linkEmail(wish.email),
                createdAt: now,
              })
              .execute();
            return user;
          });
        } catch (error) {
          const taken = error instanceof AppError && error.code === 'USERNAME_TAKEN';
          if (!taken || attempt >= 5) throw error;
        }
      }
    },
  };
}
