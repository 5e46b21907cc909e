import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenIdentityProvider, type IdentityProvider } from '../../server/test/support/oidc-provider';
import { launchBrowser, newContext } from '../support/browser';
import { startInProcessConsole, type InProcessConsole } from '../support/in-process-console';

const CLIENT = { clientId: 'flotilla-console', clientSecret: 'e2e-client-secret-0123456789abcdef' };

let idp: IdentityProvider;
let consoleServer: InProcessConsole;
let baseUrl: string;
let browser: Browser;

// A console of its own, in this process: its provider (FLOTILLA_OIDC's shape) is on loopback, which only a
// test's configuration lets the server reach.
beforeAll(async () => {
  idp = await listenIdentityProvider();
  consoleServer = await startInProcessConsole({
    oidc: [{ id: 'corp', name: 'Corp ID', issuer: idp.issuer, ...CLIENT, role: 'operator', allowHttp: true }],
    ssoLoopbackForTests: true,
  });
  baseUrl = consoleServer.baseUrl;
  const callback = `${baseUrl}/oauth2/callback`;
  idp.serve({ ...CLIENT, redirectUris: [`${callback}?clientId=${CLIENT.clientId}`, callback] });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await consoleServer?.close();
  await idp?.close();
});

describe('single sign-on', () => {
  it('at 390 px: the provider’s button on /login, a login at the provider, back on /robot logged in', async () => {
    const context = await newContext(browser, baseUrl, { viewport: { width: 390, height: 844 } });
    await context.addInitScript(() => localStorage.setItem('arco-locale', 'en-US'));
    const page = await context.newPage();
    await page.goto('/login');
    const button = page.getByRole('button', { name: 'Sign in with Corp ID' });
    await button.waitFor();
    // The buttons below the forms fit the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await button.click();

    await page.waitForURL(`${idp.issuer}/**`);
    await page.locator('input[name="login"]').fill('sso-visitor');
    await page.locator('input[name="password"]').fill('any-password');
    await page.locator('button[type="submit"]').click();
    // The consent page of the provider's dev interactions.
    await page.locator('button[type="submit"]').click();

    await page.waitForURL('**/robot');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user-state') ?? 'null') as unknown);
    expect(user).toMatchObject({ role: 'operator' });
    await context.close();
  });
});
