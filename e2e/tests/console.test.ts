import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../support/api';
import { apiCallsInFlight, loginThroughForm } from '../support/browser';
import { useBrowser } from '../support/session';

const session = useBrowser();
let api: Api;

beforeAll(async () => {
  api = await Api.login(session.baseUrl, session.admin.username, session.admin.password);
});

async function loggedInPage(): Promise<Page> {
  const page = await session.page();
  const calls = apiCallsInFlight(page);
  await loginThroughForm(page, session.admin.username, session.admin.password);
  await page.waitForURL('**/robot');
  await menu(page, 'Datasets').waitFor();
  // The robot list shows its total, and the calls it started with it (its tags) have answered: later
  // requests are the test's own (a token revoked now fails the test's call, not a late one of the list).
  await page.getByText(/^\d+ robots?$/).waitFor();
  await expect.poll(() => calls.size).toBe(0);
  return page;
}

function menu(page: Page, label: string) {
  return page.getByRole('menuitem', { name: label, exact: true });
}

describe('the console', () => {
  it('moves through the areas from the menu, each loaded from its own remote with real data', async () => {
    await api.createRobot('Menu tour robot');
    await api.createDataset('Menu tour manuals');
    const page = await loggedInPage();
    const remotesLoaded = new Set<string>();
    page.on('response', (response) => {
      const match = /\/remotes\/(\w+)\/mf-manifest\.json/.exec(response.url());
      if (match && response.ok()) remotesLoaded.add(match[1]);
    });

    await page.getByText('Menu tour robot', { exact: true }).waitFor();
    await menu(page, 'Datasets').click();
    await page.waitForURL('**/dataset');
    await page.getByText('Menu tour manuals', { exact: true }).waitFor();
    await menu(page, 'Cases').click();
    await page.waitForURL('**/case');
    await page
      .getByText(/cases appear|No cases/i)
      .first()
      .waitFor();
    await menu(page, 'Employees').click();
    await page.waitForURL('**/employee-list');
    await page.locator('table').getByText(session.admin.username, { exact: true }).first().waitFor();
    await menu(page, 'Dashboard').click();
    await page.waitForURL('**/dashboard');
    await menu(page, 'Robots').click();
    await page.getByText('Menu tour robot', { exact: true }).waitFor();

    // The robots remote was already loaded before the listener; the others were fetched on the way.
    expect([...remotesLoaded].sort()).toEqual(['cases', 'datasets', 'users']);
    expect(await page.title()).toMatch(/Robots/);
  });

  it('keeps open tabs in the tab bar and closes the others', async () => {
    const page = await loggedInPage();
    await page.getByTestId('settings-open').click();
    await page.getByTestId('setting-tabBar').click();
    await page.getByTestId('settings-close').click();
    const tabBar = page.getByTestId('tab-bar');
    await tabBar.waitFor();
    await menu(page, 'Datasets').click();
    await page.waitForURL('**/dataset');
    await menu(page, 'Cases').click();
    await page.waitForURL('**/case');
    await tabBar.getByText('Datasets').waitFor();
    await tabBar.getByText('Robots').waitFor();
    await page.getByTestId('tabs-close-others').click();
    await expect.poll(() => tabBar.getByText('Datasets').count()).toBe(0);
    await tabBar.getByText('Cases').waitFor();
  });

  it('switches the language and keeps it after a reload', async () => {
    const page = await loggedInPage();
    await menu(page, 'Datasets').waitFor();
    await page.getByTestId('locale-switch').click();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await menu(page, '知识库').waitFor();
    await page.reload();
    await menu(page, '知识库').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('arco-locale'))).toBe('zh-CN');
    // The remote in view speaks the same language: one shared i18n instance.
    await page.getByRole('heading', { name: '机器人' }).first().waitFor();
  });

  it('applies the settings drawer toggles and keeps them', async () => {
    const page = await loggedInPage();
    await page.getByTestId('settings-open').click();
    await page.getByTestId('setting-colorWeak').click();
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            getComputedStyle(document.querySelector('#root')!.firstElementChild ?? document.body).filter +
            getComputedStyle(document.body).filter +
            getComputedStyle(document.documentElement).filter,
        ),
      )
      .toContain('invert(0.8)');
    await page.getByTestId('setting-navbar').click();
    await page.getByTestId('settings-close').click();
    await expect.poll(() => page.getByTestId('user-menu').count()).toBe(0);
    await page.reload();
    await menu(page, 'Datasets').waitFor();
    await expect.poll(() => page.getByTestId('user-menu').count()).toBe(0);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('flotilla-settings') ?? '{}'));
    expect(stored).toMatchObject({ navbar: false, colorWeak: true });
  });

  it('shows the forced-logout modal when a remote gets a 401, and closing it logs out', async () => {
    const page = await loggedInPage();
    // Revoke this browser's token on the server, as an expiry would.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await fetch(`${session.baseUrl}/v1/logout`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    // The datasets remote makes the failing call; the shell (another bundle) shows the modal: one shared bus.
    await menu(page, 'Datasets').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Your access has expired, please log in again').waitFor();
    await dialog.getByRole('button', { name: /OK/i }).click();
    // The router reaches /login first, then the login page loads in full: wait for its form, so that
    // the check below does not run in the console's page while it unloads.
    await page.waitForURL('**/login**');
    await page.locator('input[name="password"]').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('keeps working when a remote fails to load, and Retry brings it back', async () => {
    const page = await loggedInPage();
    await page.route('**/remotes/cases/mf-manifest.json*', (route) => route.fulfill({ status: 404, body: 'gone' }));
    await menu(page, 'Cases').click();
    const error = page.getByTestId('remote-error-cases');
    await error.waitFor({ timeout: 30000 });
    expect(await error.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);
    // Menu and other areas still work.
    await menu(page, 'Datasets').click();
    await page.waitForURL('**/dataset');
    await page.getByRole('heading', { name: 'Datasets' }).first().waitFor();
    // The remote is back: Retry loads it.
    await page.unroute('**/remotes/cases/mf-manifest.json*');
    await menu(page, 'Cases').click();
    const retry = page.getByTestId('remote-error-cases').getByRole('button', { name: 'Retry' });
    if (await retry.isVisible()) await retry.click();
    await page.getByRole('heading', { name: 'Cases' }).first().waitFor();
    expect(await page.getByTestId('remote-error-cases').count()).toBe(0);
  });

  it('logs out every open tab when one tab logs out', async () => {
    const context = await session.context();
    const first = await context.newPage();
    await loginThroughForm(first, session.admin.username, session.admin.password);
    await first.waitForURL('**/robot');
    const second = await context.newPage();
    await second.goto('/dataset');
    await second.getByRole('heading', { name: 'Datasets' }).first().waitFor();
    await first.getByTestId('user-menu').click();
    await first.getByTestId('logout').click();
    await first.waitForURL('**/login**');
    await second.waitForURL('**/login**');
  });

  it('shows the not-found page for an unknown path', async () => {
    const page = await loggedInPage();
    await page.goto('/no/such/page');
    await page.getByTestId('not-found').waitFor();
  });
});
