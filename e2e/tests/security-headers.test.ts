import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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

/** What the page's Content-Security-Policy refused so far (Chromium reports each refusal on the console). */
function refusals(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) found.push(message.text());
  });
  return found;
}

function menu(page: Page, label: string) {
  return page.getByRole('menuitem', { name: label, exact: true });
}

/**
 * Another site that frames `src`: a small server on loopback (a public site would need Chromium's local
 * network permission to frame this loopback test server, which only secure origins can be granted).
 * Reached as 127.0.0.1 and as localhost, it is two origins.
 */
async function embeddingSite(src: () => string): Promise<{ port: number; close: () => Promise<void> }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><title>Shop</title><iframe title="chat" src="${src()}" width="400" height="600"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('the security headers break nothing', () => {
  it('the console loads its remotes and real data under its policy', async () => {
    await api.createRobot('Policy tour robot');
    await api.createDataset('Policy tour manuals');
    const page = await session.page();
    const refused = refusals(page);
    const calls = apiCallsInFlight(page);
    await loginThroughForm(page, session.admin.username, session.admin.password);
    await page.getByText('Policy tour robot', { exact: true }).waitFor();
    await menu(page, 'Datasets').click();
    await page.getByText('Policy tour manuals', { exact: true }).waitFor();
    await menu(page, 'Cases').click();
    await page
      .getByText(/cases appear|No cases/i)
      .first()
      .waitFor();
    await menu(page, 'Employees').click();
    await page.locator('table').getByText(session.admin.username, { exact: true }).first().waitFor();
    await menu(page, 'Dashboard').click();
    await page.waitForURL('**/dashboard');
    await expect.poll(() => calls.size).toBe(0);
    expect(refused).toEqual([]);
  });

  it('the API documentation renders under the policy', async () => {
    const page = await session.page();
    const refused = refusals(page);
    await page.goto('/docs');
    await page.getByText('Flotilla API').first().waitFor();
    await page.getByText('/v1/share/info').first().waitFor();
    expect(refused).toEqual([]);
  });

  it('a visitor chats on a share page under its policy', async () => {
    const robot = await api.createRobot('Policy chat desk');
    await api.call('PUT', `/v1/processes/${robot.processId}/basic`, { fallbackReply: 'The desk opens at nine.' });
    const share = await api.enableShare(robot.processId);
    const page = await session.page({ viewport: { width: 390, height: 844 } });
    const refused = refusals(page);
    await page.goto(`/chat/${share.shareId}`);
    await page.getByText('Policy chat desk').first().waitFor();
    await page.getByRole('textbox', { name: 'Message' }).fill('Is anyone there?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('The desk opens at nine.').waitFor();
    expect(refused).toEqual([]);
  });
});

describe('a share page inside another site', () => {
  it('shows in a frame on a site the share allows, and refuses to show on any other', async () => {
    const robot = await api.createRobot('Embedded desk');
    const share = await api.enableShare(robot.processId);
    const site = await embeddingSite(() => `${session.baseUrl}/chat/${share.shareId}`);
    try {
      await api.call('PUT', `/v1/users/${api.user.id}/processes/${robot.processId}/share`, {
        allowedOrigins: [`http://127.0.0.1:${site.port}`],
      });

      const shop = await session.page();
      await shop.goto(`http://127.0.0.1:${site.port}/help`);
      await shop.frameLocator('iframe[title="chat"]').getByText('Embedded desk').first().waitFor();

      const elsewhere = await session.page();
      const refused = elsewhere.waitForEvent('console', {
        predicate: (message) => message.text().includes('frame-ancestors'),
      });
      await elsewhere.goto(`http://localhost:${site.port}/help`);
      await refused;
      expect(await elsewhere.frameLocator('iframe[title="chat"]').getByText('Embedded desk').count()).toBe(0);
    } finally {
      await site.close();
    }
  });
});
