import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginThroughForm } from '../support/browser';
import { useBrowser } from '../support/session';

const session = useBrowser();

async function expectIconLinks(page: Page): Promise<void> {
  const linked = await page
    .locator('link[rel="icon"]')
    .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
  expect(linked.length).toBeGreaterThan(0);
  for (const href of linked) expect((await fetch(href)).status).toBe(200);
}

/** A new user's first minutes in the English console. */
describe('first run', () => {
  it('serves a favicon, linked from every page', async () => {
    const icon = await fetch(`${session.baseUrl}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/^image\//);
    expect((await icon.arrayBuffer()).byteLength).toBeGreaterThan(0);

    // The login page, the console and the public chat each link it.
    const page = await session.page();
    await page.goto('/login');
    await expectIconLinks(page);
    await loginThroughForm(page, session.admin.username, session.admin.password);
    await page.waitForURL('**/robot');
    await expectIconLinks(page);
    await page.goto('/chat');
    await expectIconLinks(page);
  });

  it('log in → New robot (nothing covers its buttons) → its detail page, English fallback reply → rename → the list shows the new name', async () => {
    // A small laptop's window: the dialog's buttons sit near the bottom of the screen, where notices show.
    const page = await session.page({ viewport: { width: 1280, height: 680 } });
    await loginThroughForm(page, session.admin.username, session.admin.password);
    await page.waitForURL('**/robot');

    // Right after login the menu is in place and no notice about loading it sits over the page: the
    // dialog's Cancel takes the click (playwright clicks only what receives the pointer).
    await page.getByRole('menuitem', { name: /Robots/ }).waitFor();
    await page.getByRole('button', { name: 'New robot' }).first().click();
    const dialog = page.getByRole('dialog');
    expect(await page.locator('.semi-notification-notice').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'New robot' }).first().click();
    await dialog.getByLabel('Name').fill('Dock assistant');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/ai\/[\w-]+\/detail\/$/);
    await page.getByRole('heading', { name: /Dock assistant/ }).waitFor();

    // Made in the English console, its first answers to anyone are English.
    await page.getByRole('tab', { name: 'Basic config' }).click();
    await expect.poll(() => page.getByLabel('Fallback reply').inputValue()).toBe("Sorry, I can't answer that yet.");

    // Rename it from its page: the title follows, and so does its row of the list.
    await page.getByRole('button', { name: /Edit$/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit robot' });
    await expect.poll(() => edit.getByLabel('Name').inputValue()).toBe('Dock assistant');
    await edit.getByLabel('Name').fill('Harbour desk');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: /Harbour desk/ }).waitFor();

    await page.getByRole('button', { name: /Robots$/ }).click();
    await page.waitForURL('**/robot');
    await page.getByRole('link', { name: 'Harbour desk' }).waitFor();
    expect(await page.getByRole('link', { name: 'Dock assistant' }).count()).toBe(0);
  });
});
