import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ADMIN } from './server';

/** Debian's Chromium with the flags this machine needs (TOOLCHAIN.md). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A fresh context (own storage) whose pages resolve relative URLs against `baseURL`. */
export function newContext(browser: Browser, baseURL: string, options: { locale?: string; viewport?: { width: number; height: number } } = {}): Promise<BrowserContext> {
  return browser.newContext({ baseURL, locale: options.locale ?? 'zh-CN', viewport: options.viewport ?? { width: 1280, height: 800 } });
}

/** Logs in through the real form and waits to land on the console. */
export async function loginThroughForm(page: Page, username: string = ADMIN.username, password: string = ADMIN.password): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
}
