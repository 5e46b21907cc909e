import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ShareSettings } from '@flotilla/shared/contracts';
import { Api } from '../support/api';
import { useBrowser } from '../support/session';

const session = useBrowser();
let api: Api;

beforeAll(async () => {
  api = await Api.login(session.baseUrl, session.admin.username, session.admin.password);
});

const FALLBACK = 'The lighthouse keeper will call you back.';
const THEME = '#0E8A6D';
const PHONE = { width: 390, height: 844 };

/** A robot that answers everything with its fallback reply, shared in the theme colour. */
async function sharedRobot(name: string): Promise<ShareSettings> {
  const robot = await api.createRobot(name);
  await api.call('PUT', `/v1/processes/${robot.processId}/basic`, { fallbackReply: FALLBACK });
  await api.call('PUT', `/v1/users/${api.user.id}/processes/${robot.processId}/share`, { themeColor: THEME });
  return api.enableShare(robot.processId);
}

/** The box of an element, as the page lays it out. */
const boxOf = async (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const { top, bottom, left, right } = element.getBoundingClientRect();
      return { top, bottom, left, right, visibility: getComputedStyle(element).visibility };
    });

describe('the share page after a reload', () => {
  it('comes back to the same conversation on a phone, laid out for it and in the share’s colour; "New chat" starts another', async () => {
    const share = await sharedRobot('Lighthouse desk');
    const visitor = await session.page({ viewport: PHONE });
    await visitor.goto(`/chat/${share.shareId}`);

    await visitor.getByRole('textbox', { name: 'Message' }).fill('Is the lighthouse open tonight?');
    await visitor.getByRole('button', { name: 'Send' }).click();
    await visitor.getByText(FALLBACK).waitFor();

    await visitor.reload();
    // The question and its answer are back without picking anything.
    await visitor.locator('.flc-bubble--user', { hasText: 'Is the lighthouse open tonight?' }).waitFor();
    await visitor.getByText(FALLBACK).waitFor();
    expect(await visitor.locator('.flc-bubble--user').count()).toBe(1);

    // A phone: no side panel, the message box at the bottom of the screen, the visitor's bubble in the theme colour.
    const sessions = await boxOf(visitor, 'nav.flc-sessions');
    expect(sessions.visibility).toBe('hidden');
    const composer = await boxOf(visitor, '.flc-composer');
    expect(composer.bottom).toBe(PHONE.height);
    expect(composer.right - composer.left).toBe(PHONE.width);
    const bubble = await visitor
      .locator('.flc-bubble--user')
      .first()
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(bubble).toBe('rgb(14, 138, 109)');

    // The next question continues that conversation.
    const asked = visitor.waitForRequest((request) => request.url().endsWith('/v2/qa'));
    await visitor.getByRole('textbox', { name: 'Message' }).fill('And tomorrow?');
    await visitor.getByRole('button', { name: 'Send' }).click();
    expect((await asked).postDataJSON()).toHaveProperty('sessionId');
    await expect.poll(() => visitor.getByText(FALLBACK).count()).toBe(2);

    // "New chat" from the drawer starts an empty conversation, and a reload keeps that one.
    await visitor.getByRole('button', { name: 'Show conversations' }).click();
    await visitor.getByRole('button', { name: 'New chat' }).click();
    await visitor.getByText(FALLBACK).first().waitFor({ state: 'detached' });
    await visitor.reload();
    await visitor.getByRole('textbox', { name: 'Message' }).waitFor();
    await visitor.getByRole('heading', { level: 1, name: 'Lighthouse desk' }).waitFor();
    expect(await visitor.locator('.flc-bubble--user').count()).toBe(0);
  });

  it('shows the conversations beside the chat on a desktop', async () => {
    const share = await sharedRobot('Reload desk');
    const visitor = await session.page({ viewport: { width: 1280, height: 800 } });
    await visitor.goto(`/chat/${share.shareId}`);
    await visitor.getByRole('textbox', { name: 'Message' }).waitFor();

    const sessions = await boxOf(visitor, 'nav.flc-sessions');
    const main = await boxOf(visitor, '.flc-main');
    expect(sessions.visibility).toBe('visible');
    expect(sessions.right).toBeLessThanOrEqual(main.left);
    expect(await visitor.getByRole('button', { name: 'Show conversations' }).isVisible()).toBe(false);
  });
});
