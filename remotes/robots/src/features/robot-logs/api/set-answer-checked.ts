import { http, type CompletionLog } from '@flotilla/shared';

/** `PUT /v1/completions/{completionId}/checked`: marks an answer reviewed, or not (agents and admins); answers it. */
export function setAnswerChecked({ id, checked }: { id: string; checked: boolean }): Promise<CompletionLog> {
  return http.put<CompletionLog>(`/v1/completions/${encodeURIComponent(id)}/checked`, { body: { checked } });
}
