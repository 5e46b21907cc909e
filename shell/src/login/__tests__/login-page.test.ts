import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_LOCALE, LOCALES, STORAGE_KEYS, type User } from '@flotilla/shared';
import { sessionUser } from '@flotilla/shared/test';
import { zhCN } from '../../locales/zh-CN';
import { defaultLocale, locales } from '../login-data.build-time';
import { startLoginPage } from '../login-page';
import { rememberSsoFailure } from '../sso-failure';

const user: User = { ...sessionUser('admin'), nickname: 'Admin' };
const LOGIN_HTML = readFileSync(join(import.meta.dirname, '../../../login.html'), 'utf8');

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The page as the server sends it: the static markup of login.html, before its script runs. */
function showStaticPage(url = '/login?redirect=dataset&keyword=faq') {
  window.history.replaceState(null, '', url);
  document.body.innerHTML = new DOMParser().parseFromString(LOGIN_HTML, 'text/html').body.innerHTML;
}

/** The page with its script started; `navigate` records where a login went. */
function renderLogin(url?: string) {
  showStaticPage(url);
  const navigate = vi.fn();
  startLoginPage(document, navigate);
  return navigate;
}

function fill(label: RegExp | string, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.locale, 'en-US');
});
afterEach(() => {
  document.body.innerHTML = '';
  document.body.removeAttribute('theme-mode');
  document.body.style.filter = '';
  vi.unstubAllGlobals();
});

describe('the static page', () => {
  it('says in zh-CN what the catalog says, for every text the script translates', () => {
    showStaticPage();
    const texts = [...document.querySelectorAll<HTMLElement>('[data-i18n]')].filter((element) => element.textContent);
    expect(texts.length).toBeGreaterThan(5);
    for (const element of texts)
      expect(element.textContent, element.dataset.i18n).toBe(zhCN[element.dataset.i18n ?? '']);
    for (const element of document.querySelectorAll<HTMLElement>('[data-i18n-placeholder]')) {
      expect(element.getAttribute('placeholder')).toBe(zhCN[element.dataset.i18nPlaceholder ?? '']);
    }
    for (const element of document.querySelectorAll<HTMLElement>('[data-i18n-aria-label]')) {
      expect(element.getAttribute('aria-label')).toBe(zhCN[element.dataset.i18nAriaLabel ?? '']);
    }
  });

  it('takes typing at once and waits for the script to log in', () => {
    showStaticPage();
    expect((screen.getByLabelText('密码') as HTMLInputElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: '登录' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('restates the default language and the languages of the contracts', () => {
    expect(defaultLocale).toBe(DEFAULT_LOCALE);
    expect(locales).toEqual(LOCALES);
  });
});

describe('login form validation', () => {
  it('says both fields cannot be empty, in English', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('username cannot be empty')).toBeTruthy();
    expect(screen.getByText('password cannot be empty')).toBeTruthy();
    expect(screen.getByLabelText(/username/i).getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.mock.calls.filter(([url]) => url === '/v1/login')).toEqual([]);
  });

  it('says them in Chinese after switching the language, and keeps the choice', async () => {
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: '中文' }));
    fireEvent.click(await screen.findByRole('button', { name: '登录' }));
    expect(await screen.findByText('用户名不能为空')).toBeTruthy();
    expect(screen.getByText('密码不能为空')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
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
    localStorage.setItem(STORAGE_KEYS.token, 'stale');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { code: 'LOGIN_FAILED', message: 'Wrong username or password', isLogin: false })),
    );
    const navigate = renderLogin();
    fill(/username/i, 'admin');
    fill('Password', 'nope');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Wrong username or password')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect((screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement).disabled).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('says how long to wait when the server throttles the login', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(429, {
          code: 'LOGIN_THROTTLED',
          message: 'Too many failed logins, please try again later',
          isLogin: false,
          retryAfter: 8,
        }),
      ),
    );
    renderLogin();
    fill(/username/i, 'admin');
    fill('Password', 'nope');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Too many failed logins, please try again in 8 s')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('says the server cannot be reached on a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderLogin();
    fill(/username/i, 'admin');
    fill('Password', 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Cannot reach the server, check the network and try again')).toBeTruthy();
  });

  it('says the answer could not be read when a success carries no session, and lets the visitor try again', async () => {
    for (const body of [{}, [], { token: 'tok', user: {} }]) {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => json(200, body)),
      );
      localStorage.removeItem('token');
      renderLogin();
      fill(/username/i, 'admin');
      fill('Password', 'secret');
      fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
      expect(await screen.findByText("The server's answer could not be read; please try again")).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
      expect(localStorage.getItem('token')).toBeNull();
    }
  });

  it('posts the form, stores the session and goes back to the redirect with its query', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => json(200, { token: 'tok-1', user }));
    vi.stubGlobal('fetch', fetchMock);
    const navigate = renderLogin();
    fill(/username/i, ' admin ');
    fill('Password', 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/dataset?keyword=faq'));
    const [url, init] = fetchMock.mock.calls.find(([called]) => called === '/v1/login') as [string, RequestInit];
    expect(url).toBe('/v1/login');
    expect(init.method).toBe('POST');
    expect(String(init.body)).toBe('username=admin&password=secret');
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(JSON.parse(localStorage.getItem('user-state') ?? 'null')).toEqual(user);
    expect(localStorage.getItem('userId')).toBe(user.id);
  });

  it('goes to /robot when there is no redirect', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { token: 'tok-2', user })),
    );
    const navigate = renderLogin('/login');
    fill(/username/i, 'admin');
    fill('Password', 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/robot'));
  });

  it('logs in with what was typed before the script ran', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => json(200, { token: 'tok-3', user }));
    vi.stubGlobal('fetch', fetchMock);
    showStaticPage('/login');
    (screen.getByLabelText('用户名') as HTMLInputElement).value = 'early';
    (screen.getByLabelText('密码') as HTMLInputElement).value = 'bird';
    const navigate = vi.fn();
    startLoginPage(document, navigate);
    expect((screen.getByLabelText(/username/i) as HTMLInputElement).value).toBe('early');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/robot'));
    const login = fetchMock.mock.calls.find(([called]) => called === '/v1/login');
    expect(String(login?.[1].body)).toBe('username=early&password=bird');
  });
});

describe('single sign-on', () => {
  const options = {
    list: [
      { id: 'env:corp', name: 'Corp ID', clientId: 'console', authorizationUrl: 'https://id.corp.example/auth?x=1' },
      { id: 'p-2', name: 'Partner', clientId: 'c2', authorizationUrl: 'https://partner.example/authorize' },
    ],
  };

  it('offers one button per provider below the forms, in the page language, and leaves for the provider', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url === '/v1/oidc' ? json(200, options) : json(404, {}))),
    );
    showStaticPage('/login');
    const leave = vi.fn();
    startLoginPage(document, vi.fn(), leave);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with Corp ID' }));
    expect(leave).toHaveBeenCalledWith('https://id.corp.example/auth?x=1');
    expect(screen.getByRole('region', { name: 'Other ways to log in' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '中文' }));
    expect(await screen.findByRole('button', { name: '使用 Partner 登录' })).toBeTruthy();
  });

  it('shows nothing when there is no provider or the call fails', async () => {
    for (const answer of [() => json(200, { list: [] }), () => json(500, {}), () => Promise.reject(new TypeError())]) {
      const fetchMock = vi.fn(async () => answer());
      vi.stubGlobal('fetch', fetchMock);
      renderLogin('/login');
      await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/v1/oidc', expect.anything()));
      await Promise.resolve();
      expect(document.getElementById('fl-sso')?.hidden).toBe(true);
      expect(screen.queryByRole('button', { name: /Sign in with/ })).toBeNull();
    }
  });

  it('says once why a single sign-on failed on the callback page', async () => {
    rememberSsoFailure('The sign-on expired; please try again');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { list: [] })),
    );
    renderLogin('/login');
    expect(screen.getByText('Single sign-on failed: The sign-on expired; please try again')).toBeTruthy();
    renderLogin('/login');
    expect(screen.queryByText(/Single sign-on failed/)).toBeNull();
  });
});

describe('settings', () => {
  it('shows the dark theme and colour-weak mode the console saved', () => {
    localStorage.setItem(STORAGE_KEYS.settings, JSON.stringify({ theme: 'dark', colorWeak: true }));
    renderLogin();
    expect(document.body.getAttribute('theme-mode')).toBe('dark');
    expect(document.body.style.filter).toBe('invert(80%)');
  });
});
