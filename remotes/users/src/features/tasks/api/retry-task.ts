import { http } from '@flotilla/shared';

/** `POST /v1/tasks/{id}/retry`: queues a failed or cancelled job again. */
export function retryTask(id: string): Promise<unknown> {
  return http.post<unknown>(`/v1/tasks/${encodeURIComponent(id)}/retry`);
}
