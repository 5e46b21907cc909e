import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../support/api';
import { useBrowser } from '../support/session';

const session = useBrowser();
let api: Api;

beforeAll(async () => {
  api = await Api.login(session.baseUrl, session.admin.username, session.admin.password);
});

const SCREENS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };
/** The share page's own script (its stylesheet and the lazy chunks are let through). */
const PAGE_SCRIPT = /\/remotes\/chat\/page\/main\.[0-9a-f]{8}\.js$/;

/** Where the message box, the header's title and the send button are, and the header's colour. */
const layout = (page: Page) =>
  page.evaluate(() => {
    const box = (selector: string) => {
      const { top, bottom, left, right } = (document.querySelector(selector) as Element).getBoundingClientRect();
      return { top, bottom, left, right };
    };
    return {
      input: box('textarea'),
      title: box('h1'),
      send: box('.flc-send'),
      header: getComputedStyle(document.querySelector('.flc-header') as Element).backgroundColor,
    };
  });

describe('the share page before its script', () => {
  it.each(Object.entries(SCREENS))(
    'draws the share and takes a question at first paint; the app keeps it, in place, and sends it (%s)',
    async (_, viewport) => {
      const robot = await api.createRobot('Ferry desk');
      await api.call('PUT', `/v1/users/${api.user.id}/processes/${robot.processId}/share`, { themeColor: '#0E8A6D' });
      const share = await api.enableShare(robot.processId);
      const page = await session.page({ viewport });
      const heldScript = new Promise<Route>((resolve) => void page.route(PAGE_SCRIPT, resolve));
      await page.goto(`/chat/${share.shareId}`, { waitUntil: 'commit' });
      const script = await heldScript;

      // Before any script: the share's name and colour, a box to type into, Send off (nothing could send it).
      await page.locator('h1', { hasText: 'Ferry desk' }).waitFor();
      await page.locator('textarea').fill('When does the last ferry leave?');
      expect(await page.locator('.flc-send').isDisabled()).toBe(true);
      const before = await layout(page);
      expect(before.header).toBe('rgb(14, 138, 109)');

      await script.continue();
      // The app took over (its language switch works) with the question still there, nothing moved.
      await page.getByRole('button', { name: 'English' }).waitFor();
      const box = page.getByRole('textbox', { name: 'Message' });
      expect(await box.inputValue()).toBe('When does the last ferry leave?');
      expect(await layout(page)).toEqual(before);

      await page.getByRole('button', { name: 'Send' }).click();
      await page.locator('.flc-bubble', { hasText: 'When does the last ferry leave?' }).waitFor();
      expect(await box.inputValue()).toBe('');
    },
  );
});
