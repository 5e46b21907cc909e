import { allSettled, fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListTasks, type Task, type TaskStatus } from '@flotilla/shared';
import { fakeApi, on } from '@flotilla/shared/test';
import {
  $taskStatusFilter,
  isTaskMoving,
  isTaskRetryable,
  taskList,
  taskListOpened,
  taskPolling,
  taskStatusFilterChanged,
} from '../tasks.model';

afterEach(() => {
  vi.unstubAllGlobals();
});

const task = (status: TaskStatus, progress: number): Task => ({
  id: 't1',
  type: 'reindexFile',
  status,
  progress,
  title: 'guide.pdf',
  datasetId: 'd1',
  fileId: 'f1',
  databaseId: null,
  attempts: 1,
  createdAt: '2025-03-01T08:00:00.000Z',
  updatedAt: '2025-03-01T08:00:00.000Z',
});

describe('tasks model', () => {
  it('follows a task until it is done, then stops asking', async () => {
    const answers = [task('queued', 0), task('running', 0.5), task('done', 1)];
    const requests = fakeApi([on(ListTasks, () => ({ list: [answers.shift() ?? task('done', 1)], total: 1 }))]);
    // The pause is instant here: the whole loop runs within one allSettled.
    const scope = fork({ handlers: [[taskPolling.waitFx, () => Promise.resolve()]] });
    await allSettled(taskListOpened, { scope });
    expect(requests).toHaveLength(3);
    expect(scope.getState(taskList.$items)[0]).toMatchObject({ status: 'done', progress: 1 });
  });

  it('sends the status filter, and "all" removes it', async () => {
    const requests = fakeApi([on(ListTasks, () => ({ list: [], total: 0 }))]);
    const scope = fork({ handlers: [[taskPolling.waitFx, () => Promise.resolve()]] });
    await allSettled(taskListOpened, { scope });
    await allSettled(taskStatusFilterChanged, { scope, params: 'running' });
    expect(scope.getState($taskStatusFilter)).toBe('running');
    await allSettled(taskStatusFilterChanged, { scope, params: 'all' });
    expect(requests.map((request) => request.query.toString())).toEqual([
      'offset=0&limit=20',
      'offset=0&limit=20&status=running',
      'offset=0&limit=20',
    ]);
  });

  it('knows which tasks move and which can be retried', () => {
    expect(
      ['queued', 'running', 'done', 'failed', 'cancelled'].map((status) =>
        isTaskMoving({ status: status as TaskStatus }),
      ),
    ).toEqual([true, true, false, false, false]);
    expect(
      ['queued', 'running', 'done', 'failed', 'cancelled'].map((status) =>
        isTaskRetryable({ status: status as TaskStatus }),
      ),
    ).toEqual([false, false, false, true, true]);
  });
});
