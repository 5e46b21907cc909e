import type { ExpressionBuilder, Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { scoped } from '../../../db/scoped';
import type { CaseViewer } from './cases-repository';

/**
 * The condition an agent's view puts on `cases`: the cases given to them and those of the teams they are
 * in. The cases list, orders and notifications all filter through it.
 */
export function agentSeesCase(db: Kysely<DB>, viewer: CaseViewer) {
  return (eb: ExpressionBuilder<DB, 'cases'>) =>
    eb.or([
      eb('cases.assigneeId', '=', viewer.userId),
      eb(
        'cases.teamId',
        'in',
        scoped(db, viewer.tenantId)
          .selectFrom('caseTeamMembers')
          .select('caseTeamMembers.teamId')
          .where('caseTeamMembers.userId', '=', viewer.userId),
      ),
    ]);
}

/** The ids of the tenant's cases the viewer may see (for `where(column, 'in', …)`); undefined: every case. */
export function visibleCaseIds(db: Kysely<DB>, viewer: CaseViewer) {
  if (!viewer.agentOnly) return undefined;
  return scoped(db, viewer.tenantId).selectFrom('cases').select('cases.id').where(agentSeesCase(db, viewer));
}
