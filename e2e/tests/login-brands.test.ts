import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginBrands, User } from '@flotilla/shared/contracts';
import { Api } from '../support/api';
import { launchBrowser, newContext } from '../support/browser';
import { startInProcessConsole, type InProcessConsole } from '../support/in-process-console';
import { ADMIN } from '../support/server';
import { logInWithCode } from '../support/sms-outbox';

const LOGO = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48"><circle cx="24" cy="24" r="20" fill="#fadb14"/></svg>',
)}`;
const BRANDS: LoginBrands = {
  guoguoLogin: {
    title: { 'zh-CN': '果果客服', 'en-US': 'Guoguo Support' },
    subtitle: 'Fresh fruit, fast answers',
    logo: LOGO,
    color: '#FADB14',
    methods: ['code'],
  },
  bcdsLogin: { title: 'BCDS Console', color: '#00A870', methods: ['password'] },
};

let consoleServer: InProcessConsole;
let baseUrl: string;
let browser: Browser;
let admin: Api;

// A console of its own, in this process, configured with two brands (FLOTILLA_LOGIN_BRANDS' shape).
beforeAll(async () => {
  consoleServer = await startInProcessConsole({ loginBrands: BRANDS });
  baseUrl = consoleServer.baseUrl;
  admin = await Api.login(baseUrl, ADMIN.username, ADMIN.password);
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await consoleServer?.close();
});

/** A page at 390 px in English, as a new visitor. */
async function phonePage(): Promise<Page> {
  const context = await newContext(browser, baseUrl, { viewport: { width: 390, height: 844 } });
  await context.addInitScript(() => {
    if (!localStorage.getItem('arco-locale')) localStorage.setItem('arco-locale', 'en-US');
  });
  return context.newPage();
}

/** The submit button's colours as the browser paints them. */
const submitColours = (page: Page, form: string) =>
  page.locator(`${form} button[type="submit"]`).evaluate((button) => ({
    background: getComputedStyle(button).backgroundColor,
    text: getComputedStyle(button).color,
  }));

describe('branded login pages', () => {
  it('at 390 px: /guoguo/login shows its title, logo and colour, offers codes only and logs in by code', async () => {
    const phone = `137${String(Date.now()).slice(-8)}`;
    const user = await admin.call<User>('POST', '/v1/users', {
      username: `guoguo-${phone}`,
      nickname: 'Guoguo Clerk',
      phone,
      password: 'not-used-here-1',
      role: 'operator',
    });

    const page = await phonePage();
    await page.goto('/guoguo/login');
    await page.getByRole('heading', { name: 'Guoguo Support', level: 1 }).waitFor();
    expect(await page.title()).toBe('Guoguo Support');
    await page.getByText('Fresh fruit, fast answers').waitFor();
    const logo = page.getByRole('img', { name: 'Guoguo Support' });
    expect(await logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    // The brand's yellow, with dark text readable on it.
    expect(await submitColours(page, '#fl-sms-form')).toEqual({
      background: 'rgb(250, 219, 20)',
      text: 'rgb(28, 31, 35)',
    });
    // Codes only: no tabs, no password, no "Forgot password?".
    expect(await page.getByRole('tab').count()).toBe(0);
    expect(await page.getByLabel('Password', { exact: true }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Forgot password?' }).isVisible()).toBe(false);

    await logInWithCode(page, admin, phone);
    expect(await page.evaluate(() => localStorage.getItem('userId'))).toBe(user.id);
    await page.context().close();
  });

  it('at 390 px: /bcds/login offers the password only, logs in with it, and is where a logout returns', async () => {
    const page = await phonePage();
    await page.goto('/bcds/login');
    await page.getByRole('heading', { name: 'BCDS Console', level: 1 }).waitFor();
    expect(await submitColours(page, '#fl-login-form')).toMatchObject({ background: 'rgb(0, 168, 112)' });
    expect(await page.getByRole('tab').count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Phone' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Forgot password?' }).isVisible()).toBe(false);
    await page.getByRole('textbox', { name: 'Username' }).fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.locator('#fl-login-form button[type="submit"]').click();
    await page.waitForURL('**/robot');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    // Logged out, the visitor is back on the page they logged in on.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL((url) => url.pathname === '/bcds/login');
    await page.getByRole('heading', { name: 'BCDS Console', level: 1 }).waitFor();
    await page.context().close();
  });

  it('leaves /login plain: its own title, both tabs, the default blue', async () => {
    const page = await phonePage();
    await page.goto('/login');
    await page.getByRole('tab', { name: 'With a code' }).waitFor();
    expect(await page.getByRole('tab').count()).toBe(2);
    expect(await page.locator('img.fl-login__logo').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).not.toMatch(/Guoguo|BCDS/);
    expect(await submitColours(page, '#fl-login-form')).toMatchObject({ background: 'rgb(22, 93, 255)' });
    await page.context().close();
  });
});
