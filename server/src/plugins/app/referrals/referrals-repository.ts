import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type SqlBool } from 'kysely';
import type {
  Invitee,
  InviteeListResponse,
  ListInviteesQuery,
  MyReferralResponse,
  ReferralSettings,
  ReferralSummaryResponse,
  RegisterBody,
  RegisterInfoResponse,
} from '@flotilla/shared/contracts';
import { REFERRAL_LIMITS } from '@flotilla/shared/contracts';
import { isUniqueViolation, type Database } from '../../../db/database';
import type { Flag } from '../../../db/schema';
import { paged } from '../../../db/filters';
import { scoped, type Scoped } from '../../../db/scoped';
import { AppError, invalidInput } from '../../../lib/app-error';
import { phoneKey } from '../../../lib/phone-key';
import { isoNow } from '../../../lib/clock';
import { hashPassword } from '../../../lib/password';
import { applyCreditChange } from '../credits/apply-credit-change';
import { smsRepository } from '../sms/sms-repository';
import { normalisePhone, type UserRow } from '../users/users-repository';

/** A programme nobody has set up: off, so registering needs an admin's decision first. */
export const DEFAULT_REFERRAL_SETTINGS: ReferralSettings = {
  enabled: false,
  referrerReward: 0,
  refereeReward: 0,
  newUserRole: 'operator',
  requirePhoneCode: false,
};

/** Letters and digits no one mistakes for another (no I, O, 0, 1): 32 of them, 5 bits a character. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A fresh code: 8 characters, 40 random bits (a trillion codes), short enough to read out. */
export function newReferralCode(): string {
  return [...randomBytes(REFERRAL_LIMITS.codeLength)].map((byte) => CODE_ALPHABET[byte & 31]).join('');
}

/** The register page's path for a code. */
export const registerPath = (code: string) => `/register?ref=${encodeURIComponent(code)}`;

/** A phone as a referrer sees their invitee's: the first 3 and last 4 digits, the rest hidden. */
export function maskPhone(phone: string): string {
  if (phone.length <= 4) return '*'.repeat(phone.length);
  const keep = phone.length >= 8 ? 3 : 1;
  return `${phone.slice(0, keep)}${'*'.repeat(phone.length - keep - 4)}${phone.slice(-4)}`;
}

/** Phones as stored compare without spaces and dashes (the same SQL on SQLite and PostgreSQL). */
const barePhoneEquals = (phone: string) =>
  sql<SqlBool>`replace(replace(${sql.ref('users.phone')}, ' ', ''), '-', '') = ${phone}`;

/** A registration code of the phone that `smsCodes.check` matched (its id), and when it was checked. */
export type CheckedPhoneCode = { id: string; checkedAtMs: number };

/** How a registration changes balances: `applyCreditChange`, or a stand-in that fails (tests prove the rollback). */
export type ApplyCredit = typeof applyCreditChange;

/** The referral programme: codes, settings, who registered with whose code, and registering itself. */
export function referralsRepository(db: Database, applyCredit: ApplyCredit = applyCreditChange) {
  const settingsIn = async (tenant: Scoped): Promise<ReferralSettings> => {
    const row = await tenant.selectFrom('referralSettings').selectAll().executeTakeFirst();
    if (!row) return DEFAULT_REFERRAL_SETTINGS;
    return {
      enabled: row.enabled === 1,
      referrerReward: row.referrerReward,
      refereeReward: row.refereeReward,
      newUserRole: row.newUserRole,
      requirePhoneCode: row.requirePhoneCode === 1,
    };
  };

  /** The working code's owner: a code of a user who is not frozen, in a tenant whose programme is on. */
  const referrerOf = async (executor: Database, code: string) => {
    const row = await executor
      .selectFrom('referralCodes')
      .innerJoin('users', 'users.id', 'referralCodes.userId')
      .select(['users.id', 'users.tenantId', 'users.username', 'users.phone', 'users.ban'])
      .where('referralCodes.code', '=', code.toUpperCase())
      .executeTakeFirst();
    if (!row || row.ban === 1) return undefined;
    return row;
  };

  const repository = {
    settings: (tenantId: string) => settingsIn(scoped(db, tenantId)),

    /** Saves the declared fields only (`requirePhoneCode` left as it was when not given); answers what is stored. */
    async saveSettings(tenantId: string, settings: ReferralSettings): Promise<ReferralSettings> {
      const requirePhoneCode: Flag | undefined =
        settings.requirePhoneCode === undefined ? undefined : settings.requirePhoneCode ? 1 : 0;
      const values = {
        enabled: settings.enabled ? 1 : 0,
        referrerReward: settings.referrerReward,
        refereeReward: settings.refereeReward,
        newUserRole: settings.newUserRole,
        ...(requirePhoneCode === undefined ? {} : { requirePhoneCode }),
        updatedAt: isoNow(),
      } as const;
      await scoped(db, tenantId)
        .insertInto('referralSettings', values)
        .onConflict((oc) => oc.column('tenantId').doUpdateSet(values))
        .execute();
      return repository.settings(tenantId);
    },

    /** The user's code, made on the first read; a collision with another code draws again. */
    async codeFor(tenantId: string, userId: string): Promise<string> {
      const tenant = scoped(db, tenantId);
      for (let attempt = 0; ; attempt += 1) {
        const existing = await tenant
          .selectFrom('referralCodes')
          .select('code')
          .where('userId', '=', userId)
          .executeTakeFirst();
        if (existing) return existing.code;
        try {
          await tenant
            .insertInto('referralCodes', { code: newReferralCode(), userId, createdAt: isoNow() })
            .onConflict((oc) => oc.column('userId').doNothing())
            .execute();
        } catch (error) {
          // The same code drawn twice (about once in a trillion): draw again, a few times at most.
          if (!isUniqueViolation(error) || attempt >= 3) throw error;
        }
      }
    },

    /** The caller's code, link, invitees and the credits they earned as a referrer. */
    async mine(tenantId: string, userId: string): Promise<MyReferralResponse> {
      const code = await repository.codeFor(tenantId, userId);
      const totals = await scoped(db, tenantId)
        .selectFrom('referrals')
        .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.sum<string | null>('referrerReward').as('earned')])
        .where('referrerId', '=', userId)
        .executeTakeFirstOrThrow();
      return {
        code,
        linkPath: registerPath(code),
        invitees: Number(totals.n),
        rewardsEarned: Number(totals.earned ?? 0),
      };
    },

    /** One page of the tenant's invitees, newest first, optionally one referrer's; phones masked unless asked. */
    async invitees(
      tenantId: string,
      query: ListInviteesQuery,
      { maskPhones }: { maskPhones: boolean },
    ): Promise<InviteeListResponse> {
      let base = scoped(db, tenantId).selectFrom('referrals');
      if (query.referrerId !== undefined) base = base.where('referrals.referrerId', '=', query.referrerId);
      const [rows, count] = await Promise.all([
        base
          .innerJoin('users as referrer', 'referrer.id', 'referrals.referrerId')
          .innerJoin('users as referee', 'referee.id', 'referrals.refereeId')
          .select([
            'referrals.id',
            'referrals.referrerId',
            'referrals.refereeId',
            'referrals.phone',
            'referrals.referrerReward',
            'referrals.refereeReward',
            'referrals.createdAt',
            'referrer.username as referrerUsername',
            'referrer.nickname as referrerNickname',
            'referee.username as refereeUsername',
            'referee.nickname as refereeNickname',
          ])
          .orderBy('referrals.createdAt', 'desc')
          .orderBy('referrals.id', 'desc')
          .limit(query.limit)
          .offset(query.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      const nameOf = (username: string, nickname: string) => (nickname.trim() === '' ? username : nickname);
      const list: Invitee[] = rows.map((row) => ({
        id: row.id,
        referrerId: row.referrerId,
        referrerName: nameOf(row.referrerUsername, row.referrerNickname),
        refereeId: row.refereeId,
        refereeName: nameOf(row.refereeUsername, row.refereeNickname),
        phone: maskPhones ? maskPhone(row.phone) : row.phone,
        referrerReward: row.referrerReward,
        refereeReward: row.refereeReward,
        createdAt: row.createdAt,
      }));
      return paged(list, count.total);
    },

    /** Totals of the tenant's programme, or of one referrer's part of it. */
    async summary(tenantId: string, referrerId?: string): Promise<ReferralSummaryResponse> {
      let base = scoped(db, tenantId).selectFrom('referrals');
      if (referrerId !== undefined) base = base.where('referrerId', '=', referrerId);
      const row = await base
        .select((eb) => [
          eb.fn.countAll<string>().as('invitees'),
          eb.fn.count<string>('referrerId').distinct().as('referrers'),
          eb.fn.sum<string | null>('referrerReward').as('referrerRewards'),
          eb.fn.sum<string | null>('refereeReward').as('refereeRewards'),
        ])
        .executeTakeFirstOrThrow();
      return {
        invitees: Number(row.invitees),
        referrers: Number(row.referrers),
        referrerRewards: Number(row.referrerRewards ?? 0),
        refereeRewards: Number(row.refereeRewards ?? 0),
      };
    },

    /** What the register page may show for a code; nothing about the referrer. */
    async publicInfo(code: string): Promise<RegisterInfoResponse> {
      const referrer = await referrerOf(db, code);
      if (!referrer) return { valid: false };
      const settings = await settingsIn(scoped(db, referrer.tenantId));
      if (!settings.enabled) return { valid: false };
      const tenant = await db
        .selectFrom('tenants')
        .select('name')
        .where('id', '=', referrer.tenantId)
        .executeTakeFirstOrThrow();
      return {
        valid: true,
        tenantName: tenant.name,
        refereeReward: settings.refereeReward,
        phoneCodeRequired: settings.requirePhoneCode === true,
      };
    },

    /**
     * A new user of the code's tenant, with the referral row and both rewards, all in one transaction:
     * a failure anywhere leaves none of it. A phone is rewarded once per tenant, ever; a phone a user of
     * the tenant has is refused; a code cannot reward its owner. `phoneCode`, the phone's registration code
     * already checked (`smsCodes.check`), is used in the transaction: a registration refused later leaves it
     * usable, and two registrations with one code cannot both succeed. A tenant that requires one refuses its
     * absence.
     */
    async register(body: Omit<RegisterBody, 'smsCode'>, phoneCode?: CheckedPhoneCode): Promise<UserRow> {
      const phone = normalisePhone(body.phone);
      // Rewarded once per phone however it is written: its canonical digits are the key.
      const rewardKey = phoneKey(body.phone);
      // Hashed before the transaction, so SQLite's one connection is not held while scrypt runs.
      const passwordHash = await hashPassword(body.password);
      try {
        return await db.transaction().execute(async (trx) => {
          const referrer = await referrerOf(trx, body.ref);
          if (!referrer) throw invalidInput(['body', 'ref'], 'REFERRAL_CODE_INVALID');
          const tenant = scoped(trx, referrer.tenantId);
          const settings = await settingsIn(tenant);
          if (!settings.enabled) throw invalidInput(['body', 'ref'], 'REFERRAL_CLOSED');
          if (phoneCode) {
            // On PostgreSQL a second registration with the code waits here for the first one's transaction.
            if (!(await smsRepository(trx).useCode(phoneCode.id, phoneCode.checkedAtMs)))
              throw invalidInput(['body', 'smsCode'], 'SMS_CODE_INVALID');
          } else if (settings.requirePhoneCode) throw invalidInput(['body', 'smsCode'], 'SMS_CODE_REQUIRED');
          if (
            normalisePhone(referrer.phone) === phone ||
            referrer.username.toLowerCase() === body.username.toLowerCase()
          )
            throw invalidInput(['body', 'ref'], 'REFERRAL_SELF');

          const phoneOwner = (exceptId?: string) => {
            let query = tenant.selectFrom('users').select('id').where(barePhoneEquals(phone));
            if (exceptId) query = query.where('id', '!=', exceptId);
            return query.executeTakeFirst();
          };
          if (await phoneOwner()) throw invalidInput(['body', 'phone'], 'PHONE_TAKEN');
          const taken = await trx
            .selectFrom('users')
            .select('id')
            .where('username', '=', body.username)
            .executeTakeFirst();
          if (taken) throw new AppError(409, 'USERNAME_TAKEN');

          const now = isoNow();
          const user: UserRow = {
            id: randomUUID(),
            tenantId: referrer.tenantId,
            username: body.username,
            passwordHash,
            nickname: body.nickname,
            avatar: '',
            phone: body.phone,
            role: settings.newUserRole,
            isAgent: settings.newUserRole === 'agent' ? 1 : 0,
            ban: 0,
            isPlatformOwner: 0,
            permissions: '[]',
            createdAt: now,
            updatedAt: now,
          };
          const { tenantId: _tenantId, ...row } = user;
          await tenant.insertInto('users', row).execute();

          // The phone's row: new, or there already (registered with a code before; a racing registration's,
          // which this insert waited for). Rewards go only to a phone whose row was never rewarded.
          const rewards =
            settings.referrerReward + settings.refereeReward > 0 &&
            (await rewardsToday(tenant, referrer.id, now)) < REFERRAL_LIMITS.rewardsPerReferrerPerDay;
          const inserted = await tenant
            .insertInto('referralPhones', { phone: rewardKey, rewarded: rewards ? 1 : 0, createdAt: now })
            .onConflict((oc) => oc.columns(['tenantId', 'phone']).doNothing())
            .executeTakeFirst();
          let rewarded = rewards && Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
          if (!rewarded && Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
            // Seen before: a user who took the phone meanwhile (a racing registration) wins it.
            if (await phoneOwner(user.id)) throw invalidInput(['body', 'phone'], 'PHONE_TAKEN');
            if (rewards) {
              const claimed = await tenant
                .updateTable('referralPhones')
                .set({ rewarded: 1 })
                .where('phone', '=', rewardKey)
                .where('rewarded', '=', 0)
                .executeTakeFirst();
              rewarded = Number(claimed.numUpdatedRows) > 0;
            }
          }

          const referrerReward = rewarded ? settings.referrerReward : 0;
          const refereeReward = rewarded ? settings.refereeReward : 0;
          await tenant
            .insertInto('referrals', {
              id: randomUUID(),
              referrerId: referrer.id,
              refereeId: user.id,
              phone,
              referrerReward,
              refereeReward,
              createdAt: now,
            })
            .execute();
          if (refereeReward > 0)
            await applyCredit(tenant, user.id, { kind: 'referral', amount: refereeReward, remark: referrer.username });
          if (referrerReward > 0)
            await applyCredit(tenant, referrer.id, {
              kind: 'referral',
              amount: referrerReward,
              remark: user.username,
            });
          return user;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw racedError(error);
        throw error;
      }
    },
  };
  return repository;
}

/** Registrations that rewarded the referrer in the 24 hours before `now`. */
async function rewardsToday(tenant: Scoped, referrerId: string, now: string): Promise<number> {
  const since = new Date(Date.parse(now) - 24 * 3600_000).toISOString();
  const row = await tenant
    .selectFrom('referrals')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('referrerId', '=', referrerId)
    .where('createdAt', '>=', since)
    .where((eb) => eb.or([eb('referrerReward', '>', 0), eb('refereeReward', '>', 0)]))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A unique key lost to a concurrent registration: the username's, else the phone's. */
function racedError(error: unknown): AppError {
  const text = String((error as { message?: unknown }).message ?? '') + String((error as { detail?: unknown }).detail);
  return /username/i.test(text) ? new AppError(409, 'USERNAME_TAKEN') : invalidInput(['body', 'phone'], 'PHONE_TAKEN');
}
