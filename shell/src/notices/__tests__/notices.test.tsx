import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { allSettled, fork } from 'effector';
import { $token, forbidden, forcedLogout, loadCatalogs, localeChanged, loggedIn, requestFailed, type User } from '@flotilla/shared';
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
    act(() => requestFailed({ status: 500, message: 'Disk full' }));
    expect(await screen.findByText('Request error')).toBeTruthy();
    expect(screen.getByText('Disk full')).toBeTruthy();
  });
});
