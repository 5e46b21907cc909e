import { http, type ListTasksQuery, type TaskListResponse } from '@flotilla/shared';

/** `GET /v1/tasks`: one page of the caller's background jobs (admins: the tenant's), newest first. */
export function listTasks(query: ListTasksQuery): Promise<TaskListResponse> {
  return http.get<TaskListResponse>('/v1/tasks', { query });
}
