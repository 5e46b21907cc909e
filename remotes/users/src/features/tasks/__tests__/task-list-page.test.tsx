import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $locale, $user, CancelTask, ListTasks, RetryTask, type Role, type Task } from '@flotilla/shared';
import { fakeApi, on, refuse, renderInShell, sessionUser, type FakeRoute } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { taskPolling } from '../tasks.model';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

let sequence = 0;
function makeTask(patch: Partial<Task> = {}): Task {
  sequence += 1;
  return {
    id: `t${sequence}`,
    type: 'parseFile',
    status: 'done',
    progress: 1,
    title: `file-${sequence}.pdf`,
    datasetId: 'd1',
    fileId: `f${sequence}`,
    databaseId: null,
    attempts: 1,
    createdAt: '2025-03-01T08:00:00.000Z',
    updatedAt: '2025-03-01T08:05:00.000Z',
    ...patch,
  };
}

/** An in-memory task centre (status filter, paging, retry, cancel); `overrides` answer first when they return. */
function fakeTasksApi(tasks: Task[], overrides: FakeRoute[] = []) {
  const byId = (id: string) => tasks.find((task) => task.id === id);
  const requests = fakeApi([
    ...overrides,
    on(ListTasks, ({ query: { status, offset, limit } }) => {
      const list = status ? tasks.filter((task) => task.status === status) : tasks;
      return { list: list.slice(offset, offset + limit), total: list.length };
    }),
    on(RetryTask, ({ params }) => {
      const task = byId(params.id);
      if (!task) return undefined;
      delete task.error;
      return Object.assign(task, { status: 'queued', progress: 0 } as const);
    }),
    on(CancelTask, ({ params }) => {
      const task = byId(params.id);
      return task && Object.assign(task, { status: 'cancelled' } as const);
    }),
  ]);
  return {
    requests,
    listQueries: () =>
      requests.filter((request) => request.path === '/v1/tasks').map((request) => request.query.toString()),
  };
}

/** The task list's pauses in the test's hands: `tick()` is "2 seconds later". */
function scopeWithManualPolling(role: Role = 'admin') {
  const pending: Array<() => void> = [];
  const scope = fork({
    values: [
      [$user, sessionUser(role)],
      [$locale, 'en-US'],
    ],
    handlers: [[taskPolling.waitFx, () => new Promise<void>((resolve) => pending.push(resolve))]],
  });
  return {
    scope,
    get waiting() {
      return pending.length;
    },
    tick: () => act(() => pending.splice(0).forEach((resolve) => resolve())),
  };
}

const row = (title: string) => screen.getByText(title).closest('tr')!;
const progressOf = (title: string) =>
  screen.getByRole('progressbar', { name: `Progress of ${title}` }).getAttribute('aria-valuenow');

describe('/task-list', () => {
  it('shows each task with its type, status, progress, error and times', async () => {
    const { listQueries } = fakeTasksApi([
      makeTask({ title: 'manual.pdf', status: 'running', progress: 0.42, datasetId: 'd1', fileId: 'f9' }),
      makeTask({
        title: 'faq.xlsx',
        type: 'importQa',
        status: 'failed',
        progress: 0.1,
        error: 'Column "answer" is missing',
      }),
    ]);
    const polling = scopeWithManualPolling();
    renderInShell(<App />, { path: '/task-list', scope: polling.scope });
    expect(await screen.findByRole('link', { name: 'manual.pdf' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'manual.pdf' }).getAttribute('href')).toBe('/dataset/d1/file-detail/f9');
    expect(within(row('manual.pdf')).getByText('Parse file')).toBeTruthy();
    expect(within(row('manual.pdf')).getByText('Running')).toBeTruthy();
    expect(progressOf('manual.pdf')).toBe('42');
    expect(within(row('faq.xlsx')).getByText('Import QA pairs')).toBeTruthy();
    expect(within(row('faq.xlsx')).getByText('Failed')).toBeTruthy();
    expect(within(row('faq.xlsx')).getByText('Column "answer" is missing')).toBeTruthy();
    expect(within(row('faq.xlsx')).getAllByText(/2025/)).toHaveLength(2);
    expect(screen.getByText('2 tasks')).toBeTruthy();
    expect(listQueries()).toEqual(['offset=0&limit=20']);
  });

  it('gives agents the list without links to the dataset pages they cannot open', async () => {
    fakeTasksApi([
      makeTask({ title: 'manual.pdf' }),
      makeTask({ title: 'orders.csv', type: 'importTable', datasetId: null, fileId: null, databaseId: 'db7' }),
    ]);
    renderInShell(<App />, { path: '/task-list', scope: scopeWithManualPolling('agent').scope });
    expect(await screen.findByText('manual.pdf')).toBeTruthy();
    expect(screen.getByText('orders.csv')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it("links a table import to its database's page", async () => {
    fakeTasksApi([
      makeTask({ title: 'orders.csv', type: 'importTable', datasetId: null, fileId: null, databaseId: 'db7' }),
    ]);
    renderInShell(<App />, { path: '/task-list', scope: scopeWithManualPolling('operator').scope });
    const link = await screen.findByRole('link', { name: 'orders.csv' });
    expect(link.getAttribute('href')).toBe('/database/db7/detail');
    expect(within(row('orders.csv')).getByText('Import table')).toBeTruthy();
  });

  it('filters by status on the server', async () => {
    const { listQueries } = fakeTasksApi([
      makeTask({ title: 'ok.pdf' }),
      makeTask({ title: 'bad.pdf', status: 'failed', error: 'Corrupt' }),
    ]);
    renderInShell(<App />, { path: '/task-list', scope: scopeWithManualPolling().scope });
    await screen.findByText('ok.pdf');
    fireEvent.click(screen.getByRole('combobox', { name: 'Filter by status' }));
    fireEvent.click(await screen.findByRole('option', { name: /Failed/ }));
    await waitFor(() => expect(listQueries().at(-1)).toBe('offset=0&limit=20&status=failed'));
    await waitFor(() => expect(screen.queryByText('ok.pdf')).toBeNull());
    expect(screen.getByText('bad.pdf')).toBeTruthy();
  });

  it('asks again every 2 s while a task is queued or running, and stops once all are done', async () => {
    const task = makeTask({ title: 'big.pdf', status: 'queued', progress: 0 });
    const { listQueries } = fakeTasksApi([task]);
    const polling = scopeWithManualPolling();
    renderInShell(<App />, { path: '/task-list', scope: polling.scope });
    await screen.findByText('Queued');
    expect(screen.getByTestId('tasks-live')).toBeTruthy();
    await waitFor(() => expect(polling.waiting).toBe(1));

    Object.assign(task, { status: 'running', progress: 0.5 });
    polling.tick();
    await waitFor(() => expect(progressOf('big.pdf')).toBe('50'));
    expect(screen.getByText('Running')).toBeTruthy();
    await waitFor(() => expect(polling.waiting).toBe(1));

    Object.assign(task, { status: 'done', progress: 1 });
    polling.tick();
    expect(await screen.findByText('Done')).toBeTruthy();
    expect(progressOf('big.pdf')).toBe('100');
    expect(screen.queryByTestId('tasks-live')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(polling.waiting).toBe(0);
    expect(listQueries()).toHaveLength(3);
  });

  it('stops asking when the page is left', async () => {
    const { listQueries } = fakeTasksApi([makeTask({ status: 'running', progress: 0.2, title: 'slow.pdf' })]);
    const polling = scopeWithManualPolling();
    const view = renderInShell(<App />, { path: '/task-list', scope: polling.scope });
    await screen.findByText('slow.pdf');
    await waitFor(() => expect(polling.waiting).toBe(1));
    view.unmount();
    polling.tick();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(listQueries()).toHaveLength(1);
  });

  it('retries a failed task and cancels a running one after confirmation', async () => {
    const failed = makeTask({ title: 'broken.pdf', status: 'failed', progress: 0.3, error: 'Timeout' });
    const running = makeTask({ title: 'long.pdf', status: 'running', progress: 0.6 });
    const done = makeTask({ title: 'fine.pdf' });
    const { requests } = fakeTasksApi([failed, running, done]);
    renderInShell(<App />, { path: '/task-list', scope: scopeWithManualPolling().scope });
    await screen.findByText('broken.pdf');
    expect(within(row('fine.pdf')).queryByRole('button')).toBeNull();
    expect(within(row('broken.pdf')).queryByRole('button', { name: 'Cancel broken.pdf' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Retry broken.pdf' }));
    await waitFor(() => expect(within(row('broken.pdf')).getByText('Queued')).toBeTruthy());
    expect(
      requests.some((request) => request.method === 'POST' && request.path === `/v1/tasks/${failed.id}/retry`),
    ).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel long.pdf' }));
    expect(await screen.findByText('Cancel “long.pdf”?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel task' }));
    await waitFor(() => expect(within(row('long.pdf')).getByText('Cancelled')).toBeTruthy());
    expect(
      requests.some((request) => request.method === 'POST' && request.path === `/v1/tasks/${running.id}/cancel`),
    ).toBe(true);
    expect(screen.getByRole('button', { name: 'Retry long.pdf' })).toBeTruthy();
  });

  it('says why a retry was refused', async () => {
    const failed = makeTask({ title: 'broken.pdf', status: 'failed', error: 'Timeout' });
    fakeTasksApi([failed], [on(RetryTask, () => refuse(409, 'CONFLICT', 'The file was deleted'))]);
    renderInShell(<App />, { path: '/task-list', scope: scopeWithManualPolling().scope });
    fireEvent.click(await screen.findByRole('button', { name: 'Retry broken.pdf' }));
    expect(await screen.findByText('The file was deleted')).toBeTruthy();
    expect(screen.getByText('The task was not changed')).toBeTruthy();
  });

  it('shows the empty state, and an error with Retry when the list fails', async () => {
    let failing = true;
    fakeTasksApi([], [on(ListTasks, () => (failing ? refuse(500, 'INTERNAL', 'Database is down') : undefined))]);
    renderInShell(<App />, { path: '/task-list', scope: scopeWithManualPolling().scope });
    expect(await screen.findByText('The tasks could not be loaded')).toBeTruthy();
    expect(screen.getByText('Database is down')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No tasks yet')).toBeTruthy();
  });

  it('speaks Chinese', async () => {
    fakeTasksApi([makeTask({ title: 'a.pdf', status: 'running', progress: 0.5 })]);
    renderInShell(<App />, { path: '/task-list', scope: scopeWithManualPolling().scope, locale: 'zh-CN' });
    expect(await screen.findByText('运行中')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '任务' })).toBeTruthy();
  });
});
