import type { CaseFormValues, CaseSource } from '@flotilla/shared/contracts';
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema';

/** A case just inserted, as the routing of new cases sees it. */
export type OpenedCase = {
  id: string;
  tenantId: string;
  processId: string;
  title: string;
  customer: string;
  phone: string;
  form: CaseFormValues;
  source: CaseSource;
};

/** Who receives a new case: the team and the agent (both null when no team subscribes to its robot). */
export type CaseRecipient = { teamId: string | null; assigneeId: string | null };

/**
 * Runs in the transaction that opens a case: picks the subscribed team and its next agent (round-robin),
 * notifies that agent and records an order for a business-scene robot (docs/case-teams.md). The caller writes
 * the answer onto the case.
 */
export async function routeOpenedCase(_trx: Transaction<DB>, _opened: OpenedCase): Promise<CaseRecipient> {
  return { teamId: null, assigneeId: null };
}
