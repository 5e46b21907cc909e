import { randomUUID } from 'node:crypto';
import { CREDIT_LIMITS, type LedgerKind } from '@flotilla/shared/contracts';
import type { Scoped } from '../../../db/scoped';
import { isoNow } from '../../../lib/clock';

export type CreditChange = { kind: LedgerKind; amount: number; completionId?: string | null; remark?: string };

/**
 * Applies one change to a balance with its ledger row, inside the caller's transaction; false (nothing changed)
 * when it would take the balance below zero or above CREDIT_LIMITS.balanceMax.
 */
export async function applyCreditChange(tenant: Scoped, userId: string, change: CreditChange): Promise<boolean> {
  await tenant
    .insertInto('creditBalances', { userId, balance: 0 })
    .onConflict((oc) => oc.column('userId').doNothing())
    .execute();
  // One conditional update: two concurrent debits can never both spend the last credits.
  const updated = await tenant
    .updateTable('creditBalances')
    .set((eb) => ({ balance: eb('balance', '+', change.amount) }))
    .where('userId', '=', userId)
    .where('balance', '>=', Math.max(0, -change.amount))
    .where('balance', '<=', CREDIT_LIMITS.balanceMax - Math.max(0, change.amount))
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return false;
  const { balance } = await tenant
    .selectFrom('creditBalances')
    .select('balance')
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  await tenant
    .insertInto('creditLedger', {
      id: randomUUID(),
      userId,
      kind: change.kind,
      amount: change.amount,
      balanceAfter: balance,
      completionId: change.completionId ?? null,
      remark: change.remark ?? '',
      createdAt: isoNow(),
    })
    .execute();
  return true;
}
