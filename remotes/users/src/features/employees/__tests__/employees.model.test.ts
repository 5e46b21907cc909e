import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { HttpError, type ListUsersQuery, type UserListResponse } from '@flotilla/shared';
import { showSuccessFx } from '@flotilla/shared/ui';
import { makeUser } from '../../../test-utils/fake-users';
import {
  $createError,
  $createOpen,
  $listError,
  $page,
  $total,
  $users,
  createUserClicked,
  createUserFx,
  createUserSubmitted,
  employeeListOpened,
  freezeUserFx,
  keywordSearched,
  listRetryClicked,
  loadUsersFx,
  pageChanged,
  roleFilterChanged,
  statusFilterChanged,
  userFreezeConfirmed,
  agentFilterChanged,
  phoneSearched,
  sortChanged,
} from '../employees.model';

function listHandler(answer: (query: ListUsersQuery) => UserListResponse) {
  return vi.fn(async (query: ListUsersQuery) => answer(query));
}

describe('employees model', () => {
  it('loads the first page when the list opens', async () => {
    const users = [makeUser(), makeUser()];
    const load = listHandler(() => ({ list: users, total: 42 }));
    const scope = fork({ handlers: [[loadUsersFx, load]] });

    await allSettled(employeeListOpened, { scope });

    expect(load).toHaveBeenCalledWith({ offset: 0, limit: 20 });
    expect(scope.getState($users)).toEqual(users);
    expect(scope.getState($total)).toBe(42);
    expect(scope.getState($listError)).toBeNull();
  });

  it('sends the filters to the server and starts again on page 1', async () => {
    const load = listHandler(() => ({ list: [makeUser()], total: 100 }));
    const scope = fork({ handlers: [[loadUsersFx, load]] });

    await allSettled(employeeListOpened, { scope });
    await allSettled(pageChanged, { scope, params: { page: 3, pageSize: 20 } });
    expect(load).toHaveBeenLastCalledWith({ offset: 40, limit: 20 });

    await allSettled(roleFilterChanged, { scope, params: 'agent' });
    expect(load).toHaveBeenLastCalledWith({ offset: 0, limit: 20, role: 'agent' });
    expect(scope.getState($page).page).toBe(1);

    await allSettled(statusFilterChanged, { scope, params: 'frozen' });
    await allSettled(keywordSearched, { scope, params: '  ali  ' });
    expect(load).toHaveBeenLastCalledWith({ offset: 0, limit: 20, role: 'agent', ban: true, keyword: 'ali' });

    await allSettled(statusFilterChanged, { scope, params: 'active' });
    expect(load).toHaveBeenLastCalledWith({ offset: 0, limit: 20, role: 'agent', ban: false, keyword: 'ali' });

    // The same filter again asks for nothing new.
    const before = load.mock.calls.length;
    await allSettled(statusFilterChanged, { scope, params: 'active' });
    expect(load.mock.calls.length).toBe(before);
  });

  it('sends phone digits, the agent flag and the order to the server', async () => {
    const load = listHandler(() => ({ list: [makeUser()], total: 1 }));
    const scope = fork({ handlers: [[loadUsersFx, load]] });

    await allSettled(employeeListOpened, { scope });
    await allSettled(phoneSearched, { scope, params: ' 138-00 ' });
    expect(load).toHaveBeenLastCalledWith({ offset: 0, limit: 20, phone: '13800' });
    await allSettled(agentFilterChanged, { scope, params: 'agents' });
    await allSettled(sortChanged, { scope, params: 'usernameAsc' });
    expect(load).toHaveBeenLastCalledWith({
      offset: 0,
      limit: 20,
      phone: '13800',
      isAgent: true,
      sort: 'username',
      order: 'asc',
    });
  });

  it('drops an answer that arrives after the query changed', async () => {
    let releaseSlow: (value: UserListResponse) => void = () => {};
    const slowUser = makeUser({ username: 'slow' });
    const fastUser = makeUser({ username: 'fast' });
    const load = vi.fn((query: ListUsersQuery) =>
      query.role === 'admin'
        ? Promise.resolve({ list: [fastUser], total: 1 })
        : new Promise<UserListResponse>((resolve) => (releaseSlow = resolve)),
    );
    const scope = fork({ handlers: [[loadUsersFx, load]] });

    // allSettled waits for every effect of the scope, so both run together and the slow one ends last.
    const first = allSettled(employeeListOpened, { scope });
    const second = allSettled(roleFilterChanged, { scope, params: 'admin' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(scope.getState($users)).toEqual([fastUser]);
    releaseSlow({ list: [slowUser], total: 1 });
    await Promise.all([first, second]);

    expect(scope.getState($users)).toEqual([fastUser]);
  });

  it('keeps the failure for the error state and loads again on retry', async () => {
    const load = vi
      .fn<(query: ListUsersQuery) => Promise<UserListResponse>>()
      .mockRejectedValueOnce(new HttpError(500, 'INTERNAL', 'Server exploded', null))
      .mockResolvedValueOnce({ list: [makeUser()], total: 1 });
    const scope = fork({ handlers: [[loadUsersFx, load]] });

    await allSettled(employeeListOpened, { scope });
    expect(scope.getState($listError)).toEqual({ status: 500, code: 'INTERNAL', message: 'Server exploded' });

    await allSettled(listRetryClicked, { scope });
    expect(scope.getState($listError)).toBeNull();
    expect(scope.getState($users)).toHaveLength(1);
  });

  it('freezes a user, then reloads the list', async () => {
    const load = listHandler(() => ({ list: [], total: 0 }));
    const freeze = vi.fn(async () => ({ ok: true }));
    const scope = fork({
      handlers: [
        [loadUsersFx, load],
        [freezeUserFx, freeze],
      ],
    });

    await allSettled(userFreezeConfirmed, { scope, params: 'u7' });

    expect(freeze).toHaveBeenCalledWith('u7');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the dialog open with USERNAME_TAKEN, closes it and reloads on success', async () => {
    const load = listHandler(() => ({ list: [], total: 0 }));
    const notify = vi.fn();
    const create = vi
      .fn()
      .mockRejectedValueOnce(new HttpError(409, 'USERNAME_TAKEN', 'Username taken', null))
      .mockResolvedValueOnce(makeUser({ username: 'bob' }));
    const scope = fork({
      handlers: [
        [loadUsersFx, load],
        [createUserFx, create],
        [showSuccessFx, notify],
      ],
    });
    const body = {
      username: 'bob',
      nickname: 'Bob',
      password: 'secret-123',
      role: 'operator' as const,
      isAgent: false,
    };

    await allSettled(createUserClicked, { scope });
    await allSettled(createUserSubmitted, { scope, params: body });
    expect(create).toHaveBeenCalledWith(body);
    expect(scope.getState($createOpen)).toBe(true);
    expect(scope.getState($createError)?.code).toBe('USERNAME_TAKEN');

    await allSettled(createUserSubmitted, { scope, params: body });
    expect(scope.getState($createOpen)).toBe(false);
    expect(scope.getState($createError)).toBeNull();
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith({ id: 'users.create.done', values: { username: 'bob' } });
    expect(load).toHaveBeenCalledTimes(1);
  });
});
