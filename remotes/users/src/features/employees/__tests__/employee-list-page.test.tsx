import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $user, CreateUser, FreezeUser, ListUsers, type User } from '@flotilla/shared';
import { fakeApi, on, refuse, renderInShell, type FakeRequest } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { makeUser } from '../../../test-utils/fake-users';

const admin = makeUser({ id: 'me', username: 'root', role: 'admin' });

function adminScope() {
  return fork({ values: [[$user, admin]] });
}

/** The user list answering `users` as one page. */
const listing = (users: User[]) => on(ListUsers, () => ({ list: users, total: users.length }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('/employee-list', () => {
  it('shows one row per user with role, agent flag and status', async () => {
    const alice = makeUser({
      username: 'alice',
      nickname: 'Alice',
      phone: '13800000000',
      role: 'agent',
      isAgent: true,
    });
    const bob = makeUser({ username: 'bob', nickname: 'Bob', role: 'operator', ban: true });
    const calls = fakeApi([listing([alice, bob])]);

    renderInShell(<App />, { path: '/employee-list', scope: adminScope() });

    expect(await screen.findByText('alice')).toBeTruthy();
    const aliceRow = screen.getByText('alice').closest('tr')!;
    expect(within(aliceRow).getByText('Alice')).toBeTruthy();
    expect(within(aliceRow).getByText('13800000000')).toBeTruthy();
    expect(within(aliceRow).getAllByText('Agent').length).toBe(2); // role tag and agent flag
    expect(within(aliceRow).getByText('Active')).toBeTruthy();
    const bobRow = screen.getByText('bob').closest('tr')!;
    expect(within(bobRow).getByText('Operator')).toBeTruthy();
    expect(within(bobRow).getByText('Frozen')).toBeTruthy();
    expect(within(bobRow).getByRole('button', { name: 'Unfreeze bob' })).toBeTruthy();
    expect(calls[0].url.search).toBe('?offset=0&limit=20');
  });

  it('shows the empty state when the tenant has no other user', async () => {
    fakeApi([listing([])]);

    renderInShell(<App />, { path: '/employee-list', scope: adminScope() });

    expect(await screen.findByText('No users yet')).toBeTruthy();
  });

  it('shows an error with Retry when the list fails, and Retry loads again', async () => {
    let fail = true;
    const calls = fakeApi([
      on(ListUsers, () =>
        fail ? refuse(500, 'INTERNAL', 'Database is down') : { list: [makeUser({ username: 'carol' })], total: 1 },
      ),
    ]);

    renderInShell(<App />, { path: '/employee-list', scope: adminScope() });

    expect(await screen.findByText('The users could not be loaded')).toBeTruthy();
    expect(screen.getByText('Database is down')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('carol')).toBeTruthy();
    expect(calls.filter((call) => call.url.pathname === '/v1/users/list')).toHaveLength(2);
  });

  it('shows the validation messages of the create form and sends nothing', async () => {
    const calls = fakeApi([listing([])]);
    renderInShell(<App />, { path: '/employee-list', scope: adminScope() });
    await screen.findByText('No users yet');

    fireEvent.click(screen.getAllByRole('button', { name: /New user/ })[0]);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'a b' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));

    expect(await within(dialog).findByText('Use only letters, digits and . _ @ -')).toBeTruthy();
    expect(within(dialog).getByText('Enter a nickname')).toBeTruthy();
    expect(within(dialog).getByText('The password must be at least 8 characters long')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('sends a valid user as a form and shows USERNAME_TAKEN in the dialog', async () => {
    const calls = fakeApi([listing([]), on(CreateUser, () => refuse(409, 'USERNAME_TAKEN', 'taken'))]);
    renderInShell(<App />, { path: '/employee-list', scope: adminScope() });
    await screen.findByText('No users yet');

    fireEvent.click(screen.getAllByRole('button', { name: /New user/ })[0]);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'dave' } });
    fireEvent.change(within(dialog).getByLabelText('Nickname'), { target: { value: 'Dave' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'long-enough-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));

    expect(await within(dialog).findByText('This username is already taken. Choose another one.')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST') as FakeRequest;
    expect(post.url.pathname).toBe('/v1/users');
    expect(Object.fromEntries(new URLSearchParams(post.text))).toEqual({
      username: 'dave',
      nickname: 'Dave',
      password: 'long-enough-1',
      role: 'operator',
      isAgent: 'false',
    });
  });

  it('freezes a user only after the confirmation, with the right URL', async () => {
    const erin = makeUser({ id: 'u-42', username: 'erin' });
    const calls = fakeApi([
      listing([erin]),
      on(FreezeUser, ({ params }) => (params.id === erin.id ? { ...erin, ban: true } : undefined)),
    ]);
    renderInShell(<App />, { path: '/employee-list', scope: adminScope() });

    fireEvent.click(await screen.findByRole('button', { name: 'Freeze erin' }));
    expect(calls.some((call) => call.url.pathname.endsWith('/freeze'))).toBe(false);

    const confirm = await screen.findByText('Freeze erin?');
    const popup = confirm.closest('.semi-popconfirm') as HTMLElement;
    await act(async () => {
      fireEvent.click(within(popup).getByRole('button', { name: 'Freeze' }));
    });

    await waitFor(() => expect(calls.some((call) => call.url.pathname === '/v1/users/u-42/freeze')).toBe(true));
    const freeze = calls.find((call) => call.url.pathname === '/v1/users/u-42/freeze')!;
    expect(freeze.method).toBe('GET');
    // The list is loaded again after the change.
    await waitFor(() => expect(calls.filter((call) => call.url.pathname === '/v1/users/list')).toHaveLength(2));
  });

  it('does not let an admin freeze their own account', async () => {
    fakeApi([listing([admin])]);
    renderInShell(<App />, { path: '/employee-list', scope: adminScope() });

    const button = await screen.findByRole('button', { name: 'Freeze root' });
    expect(button.hasAttribute('disabled') || button.getAttribute('aria-disabled') === 'true').toBe(true);
  });
});
