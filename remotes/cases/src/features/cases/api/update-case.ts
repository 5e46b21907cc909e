import { request, UpdateCase, type Case, type UpdateCaseBody } from '@flotilla/shared';

/** Changes the given fields of a case (status, assignee, notes, checked); answers the case as it now is. */
export function updateCase({ caseId, body }: { caseId: string; body: UpdateCaseBody }): Promise<Case> {
  return request(UpdateCase, { params: { caseId }, body });
}
