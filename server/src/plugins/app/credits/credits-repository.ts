import { randomUUID } from 'node:crypto';
import {
  CREDIT_LIMITS,
  type CreditPackage,
  type CreditPackageBody,
  type CreditSettings,
  type CreditsResponse,
  type LedgerEntry,
  type LedgerKind,
} from '@flotilla/shared/contracts';
import type { Database } from '../../../db/database';
import type { CreditLedgerTable } from '../../../db/schema';
import { scoped } from '../../../db/scoped';
import { isoNow } from '../../../lib/clock';
import { applyCreditChange } from './apply-credit-change';

/** Which ledger rows: one kind, and `from` (included) to `to` (excluded), as ISO times in UTC. */
export type LedgerFilter = { kind?: LedgerKind; from?: string; to?: string };

/** What a change of a balance by an admin did: the new balance, or why nothing changed. */
export type AdminChangeResult =
  { ok: true } | { ok: false; reason: 'PACKAGE_NOT_FOUND' | 'BELOW_ZERO' | 'BALANCE_FULL' };

/** A tenant that never changed its settings: no warning (an admin chooses the threshold). */
export const DEFAULT_CREDIT_SETTINGS: CreditSettings = { lowBalanceThreshold: 0 };

const toEntry = (row: CreditLedgerTable): LedgerEntry => ({
  id: row.id,
  userId: row.userId,
  kind: row.kind,
  amount: row.amount,
  balanceAfter: row.balanceAfter,
  completionId: row.completionId,
  remark: row.remark,
  createdAt: row.createdAt,
});

/** Users' credit balances and the ledger recording every change: answers spend, recharges add. */
export function creditsRepository(db: Database) {
  /** The user's ledger rows the filter keeps, newest first (ties by id, so pages never overlap). */
  const ledgerQuery = (tenantId: string, userId: string, filter: LedgerFilter) => {
    let query = scoped(db, tenantId).selectFrom('creditLedger').where('userId', '=', userId);
    if (filter.kind) query = query.where('kind', '=', filter.kind);
    if (filter.from) query = query.where('createdAt', '>=', filter.from);
    if (filter.to) query = query.where('createdAt', '<', filter.to);
    return query;
  };

  const repository = {
    async balance(tenantId: string, userId: string): Promise<number> {
      const row = await scoped(db, tenantId)
        .selectFrom('creditBalances')
        .select('balance')
        .where('userId', '=', userId)
        .executeTakeFirst();
      return row?.balance ?? 0;
    },

    /**
     * Adds `amount` credits, or the credits of the tenant's package `packageId` (the remark then names it);
     * the user must be checked to be the tenant's by the caller.
     */
    async recharge(
      tenantId: string,
      userId: string,
      by: { amount: number } | { packageId: string },
      remark = '',
    ): Promise<AdminChangeResult> {
      return db.transaction().execute(async (trx) => {
        const tenant = scoped(trx, tenantId);
        let amount: number;
        let recorded = remark;
        if ('packageId' in by) {
          const pack = await tenant
            .selectFrom('creditPackages')
            .select(['name', 'priceCents', 'credits'])
            .where('id', '=', by.packageId)
            .executeTakeFirst();
          if (!pack) return { ok: false, reason: 'PACKAGE_NOT_FOUND' };
          amount = pack.credits;
          const named = `[${pack.name} · ${(pack.priceCents / 100).toFixed(2)}]`;
          recorded = remark ? `${named} ${remark}` : named;
        } else {
          amount = by.amount;
        }
        const applied = await applyCreditChange(tenant, userId, { kind: 'recharge', amount, remark: recorded });
        return applied ? { ok: true } : { ok: false, reason: 'BALANCE_FULL' };
      });
    },

    /** An admin's correction, up or down; refused (nothing changed) when it would take the balance below zero. */
    async adjust(tenantId: string, userId: string, amount: number, remark: string): Promise<AdminChangeResult> {
      const applied = await db
        .transaction()
        .execute((trx) => applyCreditChange(scoped(trx, tenantId), userId, { kind: 'adjustment', amount, remark }));
      if (applied) return { ok: true };
      return { ok: false, reason: amount < 0 ? 'BELOW_ZERO' : 'BALANCE_FULL' };
    },

    /** Takes `amount` for an answer; false (and nothing changed) when the balance is short. */
    async debit(tenantId: string, userId: string, amount: number, completionId: string): Promise<boolean> {
      return db
        .transaction()
        .execute((trx) =>
          applyCreditChange(scoped(trx, tenantId), userId, { kind: 'answer', amount: -amount, completionId }),
        );
    },

    /** Gives back the price of an answer that failed. */
    async refund(tenantId: string, userId: string, amount: number, completionId: string): Promise<void> {
      await db
        .transaction()
        .execute((trx) => applyCreditChange(scoped(trx, tenantId), userId, { kind: 'refund', amount, completionId }));
    },

    /** The balance and one page of the filtered ledger, newest first. */
    async statement(
      tenantId: string,
      userId: string,
      page: { offset: number; limit: number },
      filter: LedgerFilter = {},
    ): Promise<CreditsResponse> {
      const [balance, rows, count] = await Promise.all([
        repository.balance(tenantId, userId),
        ledgerQuery(tenantId, userId, filter)
          .selectAll()
          .orderBy('createdAt', 'desc')
          .orderBy('id', 'desc')
          .offset(page.offset)
          .limit(page.limit)
          .execute(),
        ledgerQuery(tenantId, userId, filter)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { userId, balance, ledger: rows.map(toEntry), total: Number(count.n) };
    },

    /** The filtered ledger for an export, newest first, at most {@link CREDIT_LIMITS.exportRowsMax} rows. */
    async ledgerRows(tenantId: string, userId: string, filter: LedgerFilter): Promise<LedgerEntry[]> {
      const rows = await ledgerQuery(tenantId, userId, filter)
        .selectAll()
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(CREDIT_LIMITS.exportRowsMax)
        .execute();
      return rows.map(toEntry);
    },

    async packages(tenantId: string): Promise<CreditPackage[]> {
      return scoped(db, tenantId)
        .selectFrom('creditPackages')
        .select(['id', 'name', 'priceCents', 'credits', 'createdAt'])
        .orderBy('priceCents')
        .orderBy('createdAt')
        .execute();
    },

    /** Adds a package; undefined when the tenant already has {@link CREDIT_LIMITS.packagesMax}. */
    async createPackage(tenantId: string, body: CreditPackageBody): Promise<CreditPackage | undefined> {
      return db.transaction().execute(async (trx) => {
        const tenant = scoped(trx, tenantId);
        const { n } = await tenant
          .selectFrom('creditPackages')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow();
        if (Number(n) >= CREDIT_LIMITS.packagesMax) return undefined;
        const created: CreditPackage = {
          id: randomUUID(),
          name: body.name,
          priceCents: body.priceCents,
          credits: body.credits,
          createdAt: isoNow(),
        };
        await tenant.insertInto('creditPackages', created).execute();
        return created;
      });
    },

    /** Changes a package; undefined when the tenant has no such package. */
    async updatePackage(tenantId: string, id: string, body: CreditPackageBody): Promise<CreditPackage | undefined> {
      const tenant = scoped(db, tenantId);
      const updated = await tenant
        .updateTable('creditPackages')
        .set({ name: body.name, priceCents: body.priceCents, credits: body.credits })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return undefined;
      return tenant
        .selectFrom('creditPackages')
        .select(['id', 'name', 'priceCents', 'credits', 'createdAt'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Removes a package; false when the tenant has no such package. */
    async deletePackage(tenantId: string, id: string): Promise<boolean> {
      const deleted = await scoped(db, tenantId).deleteFrom('creditPackages').where('id', '=', id).executeTakeFirst();
      return Number(deleted.numDeletedRows) > 0;
    },

    async settings(tenantId: string): Promise<CreditSettings> {
      const row = await scoped(db, tenantId)
        .selectFrom('creditSettings')
        .select('lowBalanceThreshold')
        .executeTakeFirst();
      return row ?? DEFAULT_CREDIT_SETTINGS;
    },

    async saveSettings(tenantId: string, settings: CreditSettings): Promise<CreditSettings> {
      const { lowBalanceThreshold } = settings;
      await scoped(db, tenantId)
        .insertInto('creditSettings', { lowBalanceThreshold })
        .onConflict((oc) => oc.column('tenantId').doUpdateSet({ lowBalanceThreshold }))
        .execute();
      return { lowBalanceThreshold };
    },
  };
  return repository;
}
