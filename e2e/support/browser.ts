import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { chromiumPath } from './chromium';
import { ADMIN } from './server';

/** The system Chromium, headless, without a sandbox (tests run as root) and without background traffic. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
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
export function newContext(
  browser: Browser,
  baseURL: string,
  options: { locale?: string; viewport?: { width: number; height: number } } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    locale: options.locale ?? 'zh-CN',
    viewport: options.viewport ?? { width: 1280, height: 800 },
  });
}

/** Logs in through the real form and waits to land on the console. */
export async function loginThroughForm(
  page: Page,
  username: string = ADMIN.username,
  password: string = ADMIN.password,
): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('#fl-login-form button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
}

/**
 * The page's API calls (`/v1/…`, `/v2/…`) that have not answered yet, counted from now. A test waits for
 * none to be left after what started them is on screen — a condition, where "no traffic for 500 ms"
 * (`networkidle`) is a guess a busy machine proves wrong.
 */
export function apiCallsInFlight(page: Page): { readonly size: number } {
  const open = new Set<Request>();
  const isApi = (request: Request) => /^\/v\d+\//.test(new URL(request.url()).pathname);
  page.on('request', (request) => isApi(request) && open.add(request));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return open;
}
