import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/session';

const session = useBrowser();

describe('login page before its script', () => {
  it('takes the username and password at first paint and logs in with them once the script runs', async () => {
    const page = await session.page();
    // The page's script is held back until the visitor has typed: the form must work without it.
    const heldScript = new Promise<Route>((resolve) => void page.route(/\/login\.[0-9a-f]{8}\.js$/, resolve));
    await page.goto('/login', { waitUntil: 'commit' });
    const script = await heldScript;
    const username = page.locator('input[name="username"]');
    const password = page.locator('input[name="password"]');
    await username.fill(session.admin.username);
    await password.fill(session.admin.password);
    // Chinese static text, and no way to submit yet (Enter would go nowhere).
    expect(await page.getByLabel('用户名').inputValue()).toBe(session.admin.username);
    expect(await page.locator('#fl-login-form button[type="submit"]').isDisabled()).toBe(true);

    await script.continue();
    // The script switched the page to the visitor's language (English here) and kept what was typed.
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await username.inputValue()).toBe(session.admin.username);
    expect(await password.inputValue()).toBe(session.admin.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/robot');
    await page.getByRole('menuitem', { name: 'Datasets', exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  });

  it('loads no console code: only its own small script', async () => {
    const page = await session.page();
    const scripts: string[] = [];
    page.on(
      'request',
      (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname),
    );
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(scripts).toEqual([expect.stringMatching(/^\/login\.[0-9a-f]{8}\.js$/)]);
  });
});
