import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  localStorage.clear();
  vi.resetModules();
});

describe('auth bus after a page load with a stored session', () => {
  it('logout clears the token and user read from storage at start', async () => {
    localStorage.setItem('token', 'stored-token');
    localStorage.setItem('user-state', JSON.stringify({ id: 'u1', role: 'admin' }));
    localStorage.setItem('userId', 'u1');
    const { $token, $user, loggedOut } = await import('../auth.model');
    expect($token.getState()).toBe('stored-token');
    loggedOut('user');
    expect($token.getState()).toBeNull();
    expect($user.getState()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userId')).toBeNull();
  });

  it('a failed login clears a stored token', async () => {
    localStorage.setItem('token', 'stored-token');
    const { $token, loginFailed } = await import('../auth.model');
    loginFailed();
    expect($token.getState()).toBeNull();
  });
});
