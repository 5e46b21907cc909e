import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { SMS_LIMITS, type PageQuery, type SmsOutboxEntry, type SmsPurpose } from '@flotilla/shared/contracts';
import type { Database } from '../../../db/database';
import { paged } from '../../../db/filters';
import type { SmsCodesTable } from '../../../db/tables/sms';
import { isoNow } from '../../../lib/clock';
import { phoneKey, storedPhoneCandidates } from '../../../lib/phone-key';
import type { UserRow } from '../users/users-repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

export type SmsCode = Pick<SmsCodesTable, 'id' | 'codeHash' | 'tries' | 'expiresAt' | 'usedAt'>;

/**
 * SMS codes, each phone's send counters and the outbox. Codes and counters belong to a phone, not a tenant (one
 * phone may have users in several tenants); the outbox's rows belong to a tenant or, for a registration, to none.
 */
export function smsRepository(db: Database) {
  return {
    /**
     * Counts a send for the phone unless it is throttled (one per `resendSeconds`, `sendsPerPhonePerDay` per day
     * window): 0 when counted, else the milliseconds to wait. One conditional UPDATE, so two processes racing
     * for the same phone cannot both pass.
     */
    async reserveSend(key: string, nowMs: number): Promise<number> {
      const now = iso(nowMs);
      const resendBefore = iso(nowMs - SMS_LIMITS.resendSeconds * 1000);
      const dayAgo = iso(nowMs - DAY_MS);
      const epoch = iso(0);
      await db
        .insertInto('smsPhoneLimits')
        .values({ phoneKey: key, lastSentAt: epoch, dayStartedAt: epoch, dayCount: 0 })
        .onConflict((oc) => oc.column('phoneKey').doNothing())
        .execute();
      const dayOver = sql<boolean>`day_started_at <= ${dayAgo}`;
      const result = await db
        .updateTable('smsPhoneLimits')
        .set({
          lastSentAt: now,
          dayCount: sql<number>`case when ${dayOver} then 1 else day_count + 1 end`,
          dayStartedAt: sql<string>`case when ${dayOver} then ${now} else day_started_at end`,
        })
        .where('phoneKey', '=', key)
        .where('lastSentAt', '<=', resendBefore)
        .where((eb) => eb.or([eb('dayStartedAt', '<=', dayAgo), eb('dayCount', '<', SMS_LIMITS.sendsPerPhonePerDay)]))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) return 0;
      const row = await db
        .selectFrom('smsPhoneLimits')
        .selectAll()
        .where('phoneKey', '=', key)
        .executeTakeFirstOrThrow();
      const resendAt = Date.parse(row.lastSentAt) + SMS_LIMITS.resendSeconds * 1000;
      const dayFull = row.dayCount >= SMS_LIMITS.sendsPerPhonePerDay && row.dayStartedAt > dayAgo;
      const dayEndsAt = dayFull ? Date.parse(row.dayStartedAt) + DAY_MS : 0;
      return Math.max(resendAt - nowMs, dayEndsAt - nowMs, 1);
    },

    /** Every user (any tenant, frozen or not) whose phone has this canonical key. */
    async usersWithPhone(key: string): Promise<UserRow[]> {
      // Narrowed in SQL to the texts that can have the key, then compared exactly.
      const bare = sql<string>`replace(replace(replace(${sql.ref('users.phone')}, ' ', ''), '-', ''), '+', '')`;
      const rows = await db.selectFrom('users').selectAll().where(bare, 'in', storedPhoneCandidates(key)).execute();
      return rows.filter((row) => phoneKey(row.phone) === key);
    },

    async storeCode(key: string, purpose: SmsPurpose, codeHash: string, nowMs: number): Promise<void> {
      await db
        .insertInto('smsCodes')
        .values({
          id: randomUUID(),
          phoneKey: key,
          purpose,
          codeHash,
          tries: 0,
          createdAt: iso(nowMs),
          expiresAt: iso(nowMs + SMS_LIMITS.lifetimeSeconds * 1000),
          usedAt: null,
        })
        .execute();
    },

    /** The phone's latest code for the purpose (a newer code replaces the older ones). */
    latestCode(key: string, purpose: SmsPurpose): Promise<SmsCode | undefined> {
      return db
        .selectFrom('smsCodes')
        .select(['id', 'codeHash', 'tries', 'expiresAt', 'usedAt'])
        .where('phoneKey', '=', key)
        .where('purpose', '=', purpose)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** Counts a wrong try of a live code; at SMS_LIMITS.maxTries it is burnt. */
    async countWrongTry(id: string): Promise<void> {
      await db
        .updateTable('smsCodes')
        .set({ tries: sql<number>`tries + 1` })
        .where('id', '=', id)
        .where('usedAt', 'is', null)
        .where('tries', '<', SMS_LIMITS.maxTries)
        .execute();
    },

    /** Marks a live code used; false when another request used it first, it was burnt or it expired. */
    async useCode(id: string, nowMs: number): Promise<boolean> {
      const result = await db
        .updateTable('smsCodes')
        .set({ usedAt: iso(nowMs) })
        .where('id', '=', id)
        .where('usedAt', 'is', null)
        .where('tries', '<', SMS_LIMITS.maxTries)
        .where('expiresAt', '>', iso(nowMs))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Keeps a message in the outbox: a row per tenant given, or one of no tenant. */
    async addToOutbox(tenantIds: readonly string[], phone: string, text: string): Promise<void> {
      const owners = tenantIds.length > 0 ? [...new Set(tenantIds)] : [null];
      const createdAt = isoNow();
      await db
        .insertInto('smsOutbox')
        .values(owners.map((tenantId) => ({ id: randomUUID(), tenantId, phone, text, createdAt })))
        .execute();
    },

    /**
     * A page of the tenant's outbox, newest first; `withPlatform` (the platform owner) adds the messages of no
     * tenant. The outbox's tenant column may be null, so it is filtered here rather than through `scoped`.
     */
    async outbox(
      tenantId: string,
      withPlatform: boolean,
      query: PageQuery,
    ): Promise<{ list: SmsOutboxEntry[]; total: number }> {
      const base = db
        .selectFrom('smsOutbox')
        .where((eb) =>
          withPlatform
            ? eb.or([eb('tenantId', '=', tenantId), eb('tenantId', 'is', null)])
            : eb('tenantId', '=', tenantId),
        );
      const [rows, count] = await Promise.all([
        base
          .select(['phone', 'text', 'createdAt'])
          .orderBy('createdAt', 'desc')
          .orderBy('id', 'desc')
          .limit(query.limit)
          .offset(query.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
      ]);
      return paged(rows, count.total);
    },
  };
}

export type SmsRepository = ReturnType<typeof smsRepository>;
