import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  $user,
  CloneRobotsBatch,
  DeleteUser,
  ListRobots,
  ListUserOptions,
  ListUsers,
  ResetUserPassword,
  UpdateUser,
  type Robot,
  type User,
} from '@flotilla/shared';
import { fakeApi, on, refuse, renderInShell } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { makeUser } from '../../../test-utils/fake-users';

const admin = makeUser({ id: 'me', username: 'root', nickname: 'Root', role: 'admin' });
const erin = makeUser({ id: 'u-erin', username: 'erin', nickname: 'Erin', role: 'agent', isAgent: true });
const finn = makeUser({ id: 'u-finn', username: 'finn', nickname: 'Finn' });

const adminScope = () => fork({ values: [[$user, admin]] });
const listing = (users: User[]) => on(ListUsers, () => ({ list: users, total: users.length }));
const robot = (processId: string, name: string): Robot => ({
  processId,
  adminId: 'me',
  name,
  description: '',
  icon: '',
  type: 'simple',
  enabled: true,
  tags: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const listCalls = (calls: Array<{ url: URL }>) => calls.filter((call) => call.url.pathname === '/v1/users/list');

describe('/employee-list management', () => {
  it('edits a user: sends only what changed, then loads the list again', async () => {
    const calls = fakeApi([
      listing([erin]),
      on(UpdateUser, ({ params, body }) => (params.id === erin.id ? { ...erin, ...body } : undefined)),
    ]);
    renderInShell(<App />, { path: '/employee-list', scope: adminScope() });

    fireEvent.click(await screen.findByRole('button', { name: 'Edit erin' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Nickname'), { target: { value: 'Erin B.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url.pathname).toBe('/v1/users/u-erin');
    expect(JSON.parse(put.text)).toEqual({ nickname: 'Erin B.' });
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
  });

  it('shows LAST_ADMIN in the edit dialog', async () => {
    fakeApi([listing([admin]), on(UpdateUser, () => refuse(409, 'LAST_ADMIN', 'keep one'))]);
    renderInShell(<App />, { path: '/employee-list', scope: adminScope() });

    fireEvent.click(await screen.findByRole('button', { name: 'Edit root' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Nickname'), { target: { value: 'Boss' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'The team must keep at least one active administrator. Make someone else an administrator first.',
      ),
    ).toBeTruthy();
  });

  it('resets a password from the More menu', async () => {
    const calls = fakeApi([listing([finn]), on(ResetUserPassword, () => ({ ok: true as const }))]);
    renderInShell(<App />, { path: '/employee-list', scope: adminScope() });

    fireEvent.click(await screen.findByRole('button', { name: 'More actions for finn' }));
    fireEvent.click(await screen.findByText('Reset password'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('New password'), { target: { value: 'fresh-pass-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set password' }));

    await waitFor(() => expect(calls.some((call) => call.url.pathname === '/v1/users/u-finn/password')).toBe(true));
    const post = calls.find((call) => call.url.pathname === '/v1/users/u-finn/password')!;
    expect(JSON.parse(post.text)).toEqual({ password: 'fresh-pass-1' });
  });

  it('deletes a user, their robots going to the admin unless someone is picked', async () => {
    const calls = fakeApi([
      listing([erin, finn]),
      on(ListUserOptions, () => ({ list: [{ id: finn.id, name: 'Finn' }], total: 1 })),
      on(DeleteUser, ({ query }) => ({ robotsTo: query.robotsTo ?? 'me', robotsMoved: 1 })),
    ]);
    renderInShell(<App />, { path: '/employee-list', scope: adminScope() });

    fireEvent.click(await screen.findByRole('button', { name: 'More actions for erin' }));
    fireEvent.click(await screen.findByText('Delete'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete erin?')).toBeTruthy();
    expect(within(dialog).getByText('Me (Root)')).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Their robots go to' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    });

    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    const del = calls.find((call) => call.method === 'DELETE')!;
    expect(del.url.pathname).toBe('/v1/users/u-erin');
    expect(del.url.search).toBe('');
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
  });

  it('does not offer to delete one’s own account', async () => {
    fakeApi([listing([admin])]);
    renderInShell(<App />, { path: '/employee-list', scope: adminScope() });
    fireEvent.click(await screen.findByRole('button', { name: 'More actions for root' }));
    expect(await screen.findByText('You cannot delete yourself')).toBeTruthy();
  });

  it('clones the picked robots to the ticked users and links to the task list', async () => {
    const calls = fakeApi([
      listing([erin, finn]),
      on(ListRobots, () => ({ list: [robot('r-1', 'Sales bot'), robot('r-2', 'Help bot')], total: 2 })),
      on(CloneRobotsBatch, ({ body }) => ({
        id: 'task-1',
        type: 'cloneRobots' as const,
        status: 'queued' as const,
        progress: 0,
        title: `${body.processIds.length} × ${body.userIds.length}`,
        datasetId: null,
        fileId: null,
        databaseId: null,
        attempts: 0,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      })),
    ]);
    renderInShell(<App />, { path: '/employee-list', scope: adminScope() });

    await screen.findByText('erin');
    const rows = ['erin', 'finn'].map((name) => screen.getByText(name).closest('tr')!);
    for (const row of rows) fireEvent.click(within(row).getByRole('checkbox'));
    expect(await screen.findByText('2 users selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Clone robots to these users/ }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Clone robots to 2 users')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Robots' }));
    fireEvent.click(await screen.findByText('Sales bot'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clone' }));

    expect(await within(dialog).findByText('Task queued: 1 robot for 2 users')).toBeTruthy();
    const link = within(dialog).getByRole('link', { name: 'Follow it in the task list' });
    expect(link.getAttribute('href')).toBe('/task-list');
    const post = calls.find((call) => call.url.pathname === '/v1/processes/clone/batch')!;
    expect(JSON.parse(post.text)).toEqual({ processIds: ['r-1'], userIds: ['u-erin', 'u-finn'] });
  });
});
