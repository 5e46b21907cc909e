import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { User } from '../../contracts';
import { STORAGE_KEYS } from '../../storage';
import {
  $isLoggedIn,
  $role,
  $token,
  $user,
  loggedIn,
  loggedOut,
  loginFailed,
  syncAuthAcrossTabs,
  userLoaded,
} from '../auth.model';

const admin: User = {
  id: 'u1',
  username: 'admin',
  nickname: 'Admin',
  avatar: '',
  phone: '',
  role: 'admin',
  tenantId: 't1',
  ban: false,
  isAgent: false,
  permissions: [],
  createAt: '2026-01-01T00:00:00.000Z',
};

describe('auth bus', () => {
  beforeEach(() => localStorage.clear());

  it('a login stores the token and the user under the fixed keys (token, user-state, userId)', async () => {
    const scope = fork();
    await allSettled(loggedIn, { scope, params: { user: admin, token: 'tok-1' } });
    expect(scope.getState($isLoggedIn)).toBe(true);
    expect(scope.getState($role)).toBe('admin');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-1');
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBe('u1');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!)).toMatchObject({ username: 'admin' });
  });

  it('logout clears the user, the token and their storage', async () => {
    const scope = fork();
    await allSettled(loggedIn, { scope, params: { user: admin, token: 'tok-1' } });
    await allSettled(loggedOut, { scope, params: 'user' });
    expect(scope.getState($token)).toBeNull();
    expect(scope.getState($user)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBeNull();
  });

  it('a failed login clears the token', async () => {
    const scope = fork({ values: [[$token, 'stale']] });
    await allSettled(loginFailed, { scope });
    expect(scope.getState($token)).toBeNull();
  });

  it('reloading the user keeps the token', async () => {
    const scope = fork({ values: [[$token, 'tok-1']] });
    await allSettled(userLoaded, { scope, params: { ...admin, nickname: 'Boss' } });
    expect(scope.getState($user)?.nickname).toBe('Boss');
    expect(scope.getState($token)).toBe('tok-1');
  });
});

describe('logout in another tab', () => {
  let stop: () => void = () => {};
  afterEach(() => stop());

  it('logs this tab out when the token disappears from storage', () => {
    loggedIn({ user: admin, token: 'tok-2' });
    stop = syncAuthAcrossTabs(window);
    // What the browser does in this tab when another tab removes the key:
    localStorage.removeItem(STORAGE_KEYS.token);
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.token, oldValue: 'tok-2', newValue: null }));
    expect($isLoggedIn.getState()).toBe(false);
    expect($user.getState()).toBeNull();
  });

  it('follows a login made in another tab', () => {
    loggedOut('user');
    stop = syncAuthAcrossTabs(window);
    localStorage.setItem(STORAGE_KEYS.token, 'tok-3');
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.token, oldValue: null, newValue: 'tok-3' }));
    expect($token.getState()).toBe('tok-3');
  });
});
