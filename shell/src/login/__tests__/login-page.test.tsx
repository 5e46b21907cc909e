import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { $token, i18n, loadCatalogs, localeChanged, loggedOut, type User } from '@flotilla/shared';
import { sessionUser } from '@flotilla/shared/test';
import { shellCatalogs } from '../../locales';
import { LoginPage } from '../login-page';

const user: User = { ...sessionUser('admin'), nickname: 'Admin' };

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderLogin(url = '/login?redirect=dataset&keyword=faq') {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/dataset', element: <p>dataset page</p> },
      { path: '/robot', element: <p>robot page</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return router;
}

function fill(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

beforeAll(() => loadCatalogs(shellCatalogs));
beforeEach(() => {
  act(() => {
    loggedOut('user');
    localeChanged('en-US');
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('login form validation (spec §5)', () => {
  it('says both fields cannot be empty, in English', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('username cannot be empty')).toBeTruthy();
    expect(screen.getByText('password cannot be empty')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says them in Chinese after switching the language', async () => {
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: '中文' }));
    fireEvent.click(await screen.findByRole('button', { name: '登录' }));
    expect(await screen.findByText('用户名不能为空')).toBeTruthy();
    expect(screen.getByText('密码不能为空')).toBeTruthy();
  });

  it('asks only for the missing field', async () => {
    renderLogin();
    fill(/username/i, 'admin');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('password cannot be empty')).toBeTruthy();
    expect(screen.queryByText('username cannot be empty')).toBeNull();
  });
});

describe('logging in', () => {
  it('shows the server message on failure and clears the token', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(401, { code: 'LOGIN_FAILED', message: 'Wrong username or password', isLogin: false })));
    renderLogin();
    fill(/username/i, 'admin');
    fill(/password/i, 'nope');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Wrong username or password')).toBeTruthy();
    expect($token.getState()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('says how long to wait when the server throttles the login', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(429, { code: 'LOGIN_THROTTLED', message: 'Too many failed logins, please try again later', isLogin: false, retryAfter: 8 })));
    renderLogin();
    fill(/username/i, 'admin');
    fill(/password/i, 'nope');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Too many failed logins, please try again in 8 s')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('says the server cannot be reached on a network error', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    renderLogin();
    fill(/username/i, 'admin');
    fill(/password/i, 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Cannot reach the server, check the network and try again')).toBeTruthy();
  });

  it('posts the form, stores the session and goes back to the redirect with its query', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => json(200, { token: 'tok-1', user }));
    vi.stubGlobal('fetch', fetchMock);
    const router = renderLogin();
    fill(/username/i, ' admin ');
    fill(/password/i, 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('dataset page')).toBeTruthy();
    expect(router.state.location.search).toBe('?keyword=faq');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/v1/login');
    expect(init.method).toBe('POST');
    expect(String(init.body)).toBe('username=admin&password=secret');
    await waitFor(() => expect(localStorage.getItem('token')).toBe('tok-1'));
  });

  it('goes to /robot when there is no redirect', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, { token: 'tok-2', user })));
    renderLogin('/login');
    fill(/username/i, 'admin');
    fill(/password/i, 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('robot page')).toBeTruthy();
  });
});
