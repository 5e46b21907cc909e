import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchBrowser, newContext } from './browser';

type ContextOptions = { locale?: 'en-US' | 'zh-CN' | null; viewport?: { width: number; height: number } };

/** One Chromium per test file; each test opens its own context (own storage, like a new visitor). */
export function useBrowser() {
  const state = { browser: undefined as unknown as Browser, baseUrl: inject('baseUrl'), admin: inject('admin') };
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    state.browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
    await state.browser?.close();
  });
  return {
    get baseUrl() {
      return state.baseUrl;
    },
    get admin() {
      return state.admin;
    },
    /** A fresh browser context; the console starts in English unless `locale` says otherwise. */
    async context(options: ContextOptions = {}): Promise<BrowserContext> {
      const context = await newContext(state.browser, state.baseUrl, { viewport: options.viewport });
      const locale = options.locale === undefined ? 'en-US' : options.locale;
      if (locale) {
        // Only the first visit: a choice made later in the page must survive reloads.
        await context.addInitScript((value) => {
          if (!localStorage.getItem('arco-locale')) localStorage.setItem('arco-locale', value);
        }, locale);
      }
      contexts.push(context);
      return context;
    },
    async page(options?: ContextOptions): Promise<Page> {
      return (await this.context(options)).newPage();
    },
  };
}
