import { PutCaseForm, request, type CaseForm } from '@flotilla/shared';

/** Replaces the robot's case form; answers it as saved. */
export function putCaseForm({ processId, body }: { processId: string; body: CaseForm }): Promise<CaseForm> {
  return request(PutCaseForm, { params: { id: processId }, body });
}
