import { CancelTask, request, type Task } from '@flotilla/shared';

/** Stops a queued or running job; answers the job. */
export function cancelTask(id: string): Promise<Task> {
  return request(CancelTask, { params: { id } });
}
