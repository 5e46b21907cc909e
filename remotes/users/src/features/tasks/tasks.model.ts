import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import {
  createPagedList,
  toFailure,
  type Failure,
  type ListTasksQuery,
  type Task,
  type TaskStatus,
} from '@flotilla/shared';
import { showSuccessFx } from '@flotilla/shared/ui';
import { cancelTask } from './api/cancel-task';
import { listTasks } from './api/list-tasks';
import { retryTask } from './api/retry-task';
import { createPolling } from '@flotilla/shared';

export const TASKS_PAGE_SIZE = 20;

/** A status filter of the list, or every status. */
export type TaskStatusFilter = TaskStatus | 'all';

/** True while a task waits or runs (the list keeps asking, and it can be cancelled). */
export function isTaskMoving(task: Pick<Task, 'status'>): boolean {
  return task.status === 'queued' || task.status === 'running';
}

/** True when a task can be queued again. */
export function isTaskRetryable(task: Pick<Task, 'status'>): boolean {
  return task.status === 'failed' || task.status === 'cancelled';
}

/** The caller's background jobs, filtered by status and paged on the server. */
export const taskList = createPagedList<ListTasksQuery, Task>({
  fetchPage: listTasks,
  itemKey: (task) => task.id,
  pageSize: TASKS_PAGE_SIZE,
});
/** Tasks queued or running make the list ask again every 2 s. */
export const taskPolling = createPolling();

/** The task list was opened. */
export const taskListOpened = createEvent();
/** The user left the task list. */
export const taskListClosed = createEvent();
/** The user picked a status filter. */
export const taskStatusFilterChanged = createEvent<TaskStatusFilter>();
/** The user asked to run a failed or cancelled task again. */
export const taskRetryClicked = createEvent<Task>();
/** The user confirmed cancelling a queued or running task. */
export const taskCancelConfirmed = createEvent<Task>();

export const retryTaskFx = createEffect((task: Task) => retryTask(task.id));
export const cancelTaskFx = createEffect((task: Task) => cancelTask(task.id));

export const $taskStatusFilter = taskList.$query.map((query): TaskStatusFilter => query.status ?? 'all');
/** Tasks whose retry or cancel is on its way. */
export const $busyTaskIds = createStore<string[]>([])
  .on([retryTaskFx, cancelTaskFx], (ids, task) => [...ids, task.id])
  .on([retryTaskFx.finally, cancelTaskFx.finally], (ids, { params }) => ids.filter((id) => id !== params.id));
/** Why the last retry or cancel was refused, until the next one. */
export const $taskActionFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on([retryTaskFx.failData, cancelTaskFx.failData], (_, error) => toFailure(error))
  .reset(retryTaskFx, cancelTaskFx, taskListOpened);
/** True while the list reloads by itself (the table does not flash its spinner for that). */
export const $refreshing = createStore(false)
  .on(taskPolling.ticked, () => true)
  .on(taskList.loadPageFx.finally, () => false);
export const $tableLoading = combine(taskList.$loading, $refreshing, (loading, refreshing) => loading && !refreshing);

sample({ clock: taskListOpened, target: [taskList.pageOpened, taskPolling.started] });
sample({ clock: taskListClosed, target: taskPolling.stopped });
sample({
  clock: taskStatusFilterChanged,
  fn: (status) => ({ status: status === 'all' ? null : status }),
  target: taskList.filtersChanged,
});

sample({
  clock: taskList.loadPageFx.doneData,
  fn: ({ list }) => list.some(isTaskMoving),
  target: taskPolling.answered,
});
sample({ clock: taskPolling.ticked, target: taskList.reloadRequested });

sample({
  clock: taskRetryClicked,
  source: $busyTaskIds,
  filter: (ids, task) => !ids.includes(task.id) && isTaskRetryable(task),
  fn: (_, task) => task,
  target: retryTaskFx,
});
sample({
  clock: taskCancelConfirmed,
  source: $busyTaskIds,
  filter: (ids, task) => !ids.includes(task.id) && isTaskMoving(task),
  fn: (_, task) => task,
  target: cancelTaskFx,
});
sample({ clock: [retryTaskFx.done, cancelTaskFx.done], target: taskList.reloadRequested });
sample({ clock: retryTaskFx.done, fn: () => ({ id: 'users.tasks.retried' }), target: showSuccessFx });
sample({ clock: cancelTaskFx.done, fn: () => ({ id: 'users.tasks.cancelled' }), target: showSuccessFx });
