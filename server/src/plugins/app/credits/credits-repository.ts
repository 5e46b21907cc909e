import type { CreditsResponse, LedgerEntry } from '@flotilla/shared/contracts';
import type { Database } from '../../../db/database';
import { scoped } from '../../../db/scoped';
import { applyCreditChange } from './apply-credit-change';

/** Users' credit balances and the ledger recording every change: answers spend, recharges add. */
export function creditsRepository(db: Database) {
  const repository = {
    async balance(tenantId: string, userId: string): Promise<number> {
      const row = await scoped(db, tenantId)
        .selectFrom('creditBalances')
        .select('balance')
        .where('userId', '=', userId)
        .executeTakeFirst();
      return row?.balance ?? 0;
    },

    /** Adds credits; the user must be checked to be the tenant's by the caller. */
    async recharge(tenantId: string, userId: string, amount: number, remark = ''): Promise<void> {
      await db
        .transaction()
        .execute((trx) => applyCreditChange(scoped(trx, tenantId), userId, { kind: 'recharge', amount, remark }));
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

    async statement(tenantId: string, userId: string, offset: number, limit: number): Promise<CreditsResponse> {
      const tenant = scoped(db, tenantId);
      const [balance, rows, count] = await Promise.all([
        repository.balance(tenantId, userId),
        tenant
          .selectFrom('creditLedger')
          .selectAll()
          .where('userId', '=', userId)
          .orderBy('createdAt', 'desc')
          .offset(offset)
          .limit(limit)
          .execute(),
        tenant
          .selectFrom('creditLedger')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('userId', '=', userId)
          .executeTakeFirstOrThrow(),
      ]);
      const ledger: LedgerEntry[] = rows.map((row) => ({
        id: row.id,
        userId: row.userId,
        kind: row.kind,
        amount: row.amount,
        balanceAfter: row.balanceAfter,
        completionId: row.completionId,
        remark: row.remark,
        createdAt: row.createdAt,
      }));
      return { userId, balance, ledger, total: Number(count.n) };
    },
  };
  return repository;
}
