import { GetCase, request, type Case } from '@flotilla/shared';

/** One case by id (404 `CASE_NOT_FOUND` when the caller may not see it or it does not exist). */
export function getCase(caseId: string): Promise<Case> {
  return request(GetCase, { params: { caseId } });
}
