import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { allSettled, fork } from 'effector';
import {
  $token,
  CLIENT_ERRORS,
  forbidden,
  forcedLogout,
  loadCatalogs,
  localeChanged,
  loggedIn,
  requestFailed,
  type User,
} from '@flotilla/shared';
import { shellCatalogs } from '../../locales';
import { reloadPageFx } from '../notices.model';

const user = { id: 'u1', username: 'a', nickname: 'A', role: 'admin' } as User;

beforeAll(async () => {
  loadCatalogs(shellCatalogs);
  localeChanged('en-US');
  // Semi is imported on the first notice; import it once up front so the tests' timeouts measure the notices only.
  await import('../semi-notices');
}, 30_000);
afterEach(async () => {
  const { Notification, Modal } = await import('@flotilla/shared/ui/semi');
  act(() => {
    Notification.destroyAll();
    Modal.destroyAll();
  });
});

describe('error catalogue', () => {
  it('401 without isLogin: one forced-logout modal; OK logs out and reloads', async () => {
    const reload = vi.fn();
    const scope = fork({ handlers: [[reloadPageFx, reload]] });
    await allSettled(loggedIn, { scope, params: { user, token: 'tok' } });

    // Two 401s at once still open one modal.
    void allSettled(forcedLogout, { scope, params: 'expired' });
    void allSettled(forcedLogout, { scope, params: 'expired' });
    expect(await screen.findByText('Your access has expired, please log in again')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('Your access has expired, please log in again')).toHaveLength(1));
    expect(screen.getByText('Forced logout')).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();

    await act(async () => fireEvent.click(screen.getByText('OK')));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(scope.getState($token)).toBeNull();
  });

  it('403 shows a Forbidden notice with the server message', async () => {
    act(() => forbidden('You may not delete this robot'));
    expect(await screen.findByText('Forbidden')).toBeTruthy();
    expect(screen.getByText('You may not delete this robot')).toBeTruthy();
  });

  it('a failed request shows an error notice with the message', async () => {
    act(() => requestFailed({ status: 500, code: 'INTERNAL', message: 'Disk full' }));
    expect(await screen.findByText('Request error')).toBeTruthy();
    expect(screen.getByText('Disk full')).toBeTruthy();
  });

  it("a failure the browser detected is worded in the user's language by its code, not in the client's English", async () => {
    act(() => localeChanged('zh-CN'));
    try {
      act(() => requestFailed({ status: 0, code: 'NETWORK', message: 'Network error' }));
      expect(await screen.findByText('无法连接服务器，请检查网络后重试。')).toBeTruthy();
      expect(screen.queryByText('Network error')).toBeNull();
    } finally {
      act(() => localeChanged('en-US'));
    }
  });

  it('every client error code has words in both languages', () => {
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const missing = Object.values(CLIENT_ERRORS).filter(
        (code) => !(`shell.clientError.${code}` in shellCatalogs[locale]),
      );
      expect(missing, locale).toEqual([]);
    }
  });
});
