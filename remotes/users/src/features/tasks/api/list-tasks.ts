import { ListTasks, request, type ListTasksQuery, type TaskListResponse } from '@flotilla/shared';

/** One page of the caller's background jobs (admins: the tenant's), newest first. */
export function listTasks(query: ListTasksQuery): Promise<TaskListResponse> {
  return request(ListTasks, { query });
}
