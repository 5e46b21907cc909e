import { http } from '@flotilla/shared';

/** `POST /v1/tasks/{id}/cancel`: stops a queued or running job. */
export function cancelTask(id: string): Promise<unknown> {
  return http.post<unknown>(`/v1/tasks/${encodeURIComponent(id)}/cancel`);
}
