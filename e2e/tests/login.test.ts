import { describe, expect, it } from 'vitest';
import { loginThroughForm } from '../support/browser';
import { useBrowser } from '../support/session';

const session = useBrowser();

describe('login page', () => {
  it('asks for both fields when they are empty, in English', async () => {
    const page = await session.page();
    await page.goto('/login');
    await page.locator('#fl-login-form button[type="submit"]').click();
    await expect(page.getByText('username cannot be empty').isVisible()).resolves.toBe(true);
    await expect(page.getByText('password cannot be empty').isVisible()).resolves.toBe(true);
  });

  it('asks for both fields in Chinese, the default language', async () => {
    const page = await session.page({ locale: null });
    await page.goto('/login');
    await page.locator('#fl-login-form button[type="submit"]').click();
    await page.getByText('用户名不能为空').waitFor();
    await page.getByText('密码不能为空').waitFor();
  });

  it('shows the server error on a wrong password and stays on the form', async () => {
    const page = await session.page();
    await page.goto('/login');
    await page.locator('input[name="username"]').fill(session.admin.username);
    await page.locator('input[name="password"]').fill('not-the-password');
    await page.locator('#fl-login-form button[type="submit"]').click();
    const error = page.getByTestId('login-error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/password/i);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('lands on /robot with the menu after a right password', async () => {
    const page = await session.page();
    await loginThroughForm(page, session.admin.username, session.admin.password);
    await page.waitForURL('**/robot');
    await page.getByRole('menuitem', { name: 'Datasets', exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('userId'))).toBeTruthy();
  });

  it('sends a logged-out visitor to login and back to the page they asked for', async () => {
    const page = await session.page();
    await page.goto('/dataset?keyword=manuals');
    await page.waitForURL('**/login**');
    await page.locator('input[name="username"]').fill(session.admin.username);
    await page.locator('input[name="password"]').fill(session.admin.password);
    await page.locator('#fl-login-form button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === '/dataset');
    expect(new URL(page.url()).searchParams.get('keyword')).toBe('manuals');
  });
});
