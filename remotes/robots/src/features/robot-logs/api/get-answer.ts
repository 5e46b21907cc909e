import { http, type CompletionLog } from '@flotilla/shared';

/** `GET /v1/completions/{completionId}`: one answer as the logs show it. */
export function getAnswer(id: string): Promise<CompletionLog> {
  return http.get<CompletionLog>(`/v1/completions/${encodeURIComponent(id)}`);
}
