import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@flotilla/shared';
import {
  LOGIN_BRAND_ELEMENT_ID as CONTRACT_ELEMENT_ID,
  LOGIN_METHODS as CONTRACT_METHODS,
  type LoginBrand,
} from '@flotilla/shared/contracts';
import { enUS } from '../../locales/en-US';
import { loginRedirectFor } from '../../router/guard';
import { LOGIN_BRAND_ELEMENT_ID, LOGIN_METHODS } from '../login-brand';
import { startLoginPage } from '../login-page';
import { rememberSsoFailure, takeSsoLoginPath } from '../sso-failure';

const LOGIN_HTML = readFileSync(join(import.meta.dirname, '../../../login.html'), 'utf8');
const LOGIN_PATHS = ['/login', '/guoguo/login', '/bcds/login'];

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const PROVIDERS = {
  list: [
    { id: 'env:corp', name: 'Corp ID', clientId: 'console', authorizationUrl: 'https://id.corp.example/auth' },
    { id: 'db:p-2', name: 'Partner', clientId: 'c2', authorizationUrl: 'https://partner.example/authorize' },
  ],
};

/**
 * The page with `brand` inlined as the server inlines it, but the markup left plain: the script alone must
 * bring it to the brand's methods and texts. Answers the fetch mock and what leaving for a provider recorded.
 */
function renderBranded(brand: Omit<LoginBrand, 'logo'>, path = '/guoguo/login') {
  window.history.replaceState(null, '', path);
  const parsed = new DOMParser().parseFromString(LOGIN_HTML, 'text/html');
  document.head.innerHTML = parsed.head.innerHTML;
  document.body.innerHTML = parsed.body.innerHTML;
  const data = document.createElement('script');
  data.type = 'application/json';
  data.id = LOGIN_BRAND_ELEMENT_ID;
  data.textContent = JSON.stringify(brand);
  document.head.append(data);
  const fetchMock = vi.fn(async (url: string) => (url === '/v1/oidc' ? json(200, PROVIDERS) : json(404, {})));
  vi.stubGlobal('fetch', fetchMock);
  const leave = vi.fn();
  startLoginPage(document, vi.fn(), leave);
  return { fetchMock, leave };
}

const byId = (id: string) => document.getElementById(id) as HTMLElement;
const shown = () => ({
  tabList: !byId('fl-login-tabs').hidden,
  passwordForm: !byId('fl-login-form').hidden,
  codeForm: !byId('fl-sms-form').hidden,
  forgot: !byId('fl-login-forgot').hidden,
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  localStorage.setItem(STORAGE_KEYS.locale, 'en-US');
});
afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('a branded login page', () => {
  it('restates the contracts’ element id and methods', () => {
    expect(LOGIN_BRAND_ELEMENT_ID).toBe(CONTRACT_ELEMENT_ID);
    expect(LOGIN_METHODS).toEqual(CONTRACT_METHODS);
  });

  it('offers the code form alone: no tabs, no "Forgot password?", no single sign-on asked for', async () => {
    const { fetchMock } = renderBranded({ methods: ['code'] });
    expect(shown()).toEqual({ tabList: false, passwordForm: false, codeForm: true, forgot: false });
    expect(screen.getByRole('textbox', { name: 'Phone' })).toBeTruthy();
    await Promise.resolve();
    expect(fetchMock).not.toHaveBeenCalledWith('/v1/oidc', expect.anything());
    expect(byId('fl-sso').hidden).toBe(true);
  });

  it('offers the password form alone, without "Forgot password?" (a reset needs codes)', () => {
    renderBranded({ methods: ['password'] });
    expect(shown()).toEqual({ tabList: false, passwordForm: true, codeForm: false, forgot: false });
  });

  it("puts the tabs in the brand's order, the first one's form first, and switches between them", () => {
    renderBranded({ methods: ['code', 'password'] });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['With a code', 'With a password']);
    expect(screen.getByRole('tab', { name: 'With a code' }).getAttribute('aria-selected')).toBe('true');
    // "Forgot password?" is offered: it shows with the password form.
    expect(shown()).toEqual({ tabList: true, passwordForm: false, codeForm: true, forgot: true });
    fireEvent.click(screen.getByRole('tab', { name: 'With a password' }));
    expect(shown()).toEqual({ tabList: true, passwordForm: true, codeForm: false, forgot: true });
    // The arrow keys follow the brand's order too: right of the last tab is the first.
    fireEvent.keyDown(screen.getByRole('tab', { name: 'With a password' }), { key: 'ArrowRight' });
    expect(shown().codeForm).toBe(true);
  });

  it('shows only the single sign-on providers the brand names', async () => {
    const { leave } = renderBranded({ methods: ['password', 'sso'], ssoProviders: ['db:p-2'] });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with Partner' }));
    expect(screen.queryByRole('button', { name: 'Sign in with Corp ID' })).toBeNull();
    expect(leave).toHaveBeenCalledWith('https://partner.example/authorize');
  });

  it('keeps its texts across language switches, switching those given per language', async () => {
    renderBranded({ title: { 'zh-CN': '果果客服', 'en-US': 'Guoguo Support' }, subtitle: 'Fresh fruit, fast' });
    const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
    const subtitle = () => document.querySelector('[data-brand="subtitle"]')?.textContent;
    expect([heading(), document.title, subtitle()]).toEqual(['Guoguo Support', 'Guoguo Support', 'Fresh fruit, fast']);
    fireEvent.click(screen.getByRole('button', { name: '中文' }));
    await waitFor(() => expect(heading()).toBe('果果客服'));
    expect([document.title, subtitle()]).toEqual(['果果客服', 'Fresh fruit, fast']);
  });

  it('is the plain page without a brand, or with one that cannot be read', () => {
    renderBranded({ methods: ['code'], title: 'Guoguo' });
    byId(LOGIN_BRAND_ELEMENT_ID).textContent = '{not json';
    document.body.innerHTML = new DOMParser().parseFromString(LOGIN_HTML, 'text/html').body.innerHTML;
    startLoginPage(document, vi.fn(), vi.fn());
    expect(shown()).toEqual({ tabList: true, passwordForm: true, codeForm: false, forgot: true });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(enUS['shell.product']);
  });
});

describe('a single sign-on started on a branded page', () => {
  it('remembers the login page, for the callback page to return to on a failure', async () => {
    const { leave } = renderBranded({ methods: ['sso', 'password'] }, '/bcds/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with Corp ID' }));
    expect(leave).toHaveBeenCalled();
    expect(takeSsoLoginPath(LOGIN_PATHS)).toBe('/bcds/login');
    // Read once; a path that is not a login page's is never returned to.
    expect(takeSsoLoginPath(LOGIN_PATHS)).toBe('/login');
    sessionStorage.setItem('flotilla-sso-login-path', 'https://evil.example/login');
    expect(takeSsoLoginPath(LOGIN_PATHS)).toBe('/login');
  });

  it('says why it failed on a page without the password form, in the code form', () => {
    rememberSsoFailure('The sign-on expired');
    renderBranded({ methods: ['code', 'sso'] });
    expect(screen.getByText('Single sign-on failed: The sign-on expired')).toBeTruthy();
    expect(byId('fl-sms-server-error').hidden).toBe(false);
  });

  it('says why it failed on a page of single sign-on alone, above the providers', () => {
    rememberSsoFailure('The sign-on expired');
    renderBranded({ methods: ['sso'] });
    expect(screen.getByText('Single sign-on failed: The sign-on expired')).toBeTruthy();
    expect(byId('fl-sso-server-error').hidden).toBe(false);
    expect(byId('fl-login-form').hidden && byId('fl-sms-form').hidden).toBe(true);
  });
});

describe('after a login on a branded page', () => {
  it('remembers the page, where a logged-out visitor is sent back', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { token: 't-1', user: { id: 'u-1', username: 'clerk' } })),
    );
    window.history.replaceState(null, '', '/bcds/login');
    document.body.innerHTML = new DOMParser().parseFromString(LOGIN_HTML, 'text/html').body.innerHTML;
    const navigate = vi.fn();
    startLoginPage(document, navigate, vi.fn());
    fireEvent.input(screen.getByLabelText('Username'), { target: { value: 'clerk' } });
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'secret-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/robot'));
    expect(localStorage.getItem(STORAGE_KEYS.loginPath)).toBe('/bcds/login');
    expect(loginRedirectFor(null, { pathname: '/robot', search: '' }, '/bcds/login')).toBe(
      '/bcds/login?redirect=%2Frobot',
    );
    // Never a page that is not a login page.
    expect(loginRedirectFor(null, { pathname: '/robot', search: '' }, 'https://evil.example/')).toBe(
      '/login?redirect=%2Frobot',
    );
  });
});
