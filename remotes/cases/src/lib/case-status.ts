import type { CaseStatus } from '@flotilla/shared';

/** A status a case is moved on to (none goes back to new but a reopening). */
export type LaterStatus = Exclude<CaseStatus, 'new'>;

/** Where a case goes from each open status when the agent moves it along; a closed case only reopens. */
export const NEXT_STATUS: Record<CaseStatus, LaterStatus | null> = {
  new: 'assigned',
  assigned: 'in_progress',
  in_progress: 'closed',
  closed: null,
};

/** Where a closed case reopens: back to its agent's work when it has one, else among the new cases. */
export function reopenedStatus(assigneeId: string | null): CaseStatus {
  return assigneeId ? 'in_progress' : 'new';
}
