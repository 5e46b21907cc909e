import { request, RetryTask, type Task } from '@flotilla/shared';

/** Queues a failed or cancelled job again; answers the job. */
export function retryTask(id: string): Promise<Task> {
  return request(RetryTask, { params: { id } });
}
