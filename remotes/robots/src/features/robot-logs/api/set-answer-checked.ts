import { request, SetAnswerChecked, type CompletionLog } from '@flotilla/shared';

/** Marks an answer reviewed, or not (agents and admins); answers it. */
export function setAnswerChecked({ id, checked }: { id: string; checked: boolean }): Promise<CompletionLog> {
  return request(SetAnswerChecked, { params: { completionId: id }, body: { checked } });
}
