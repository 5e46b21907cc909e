import { beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../support/api';
import { useBrowser } from '../support/session';

const session = useBrowser();
let api: Api;

beforeAll(async () => {
  api = await Api.login(session.baseUrl, session.admin.username, session.admin.password);
});

describe('public chat entry', () => {
  it('opens a share link with no login and loads only chat code', async () => {
    const robot = await api.createRobot('Harbour help desk');
    const share = await api.enableShare(robot.processId);
    const page = await session.page({ viewport: { width: 390, height: 844 } });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`/chat/${share.shareId}`);
    await page.getByText('Harbour help desk').first().waitFor();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => !path.startsWith('/remotes/chat/'))).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('tells the visitor clearly when a share does not exist or is disabled', async () => {
    const robot = await api.createRobot('Closed desk');
    const share = await api.enableShare(robot.processId);
    await api.call('PUT', `/v1/users/${api.user.id}/processes/${robot.processId}/share/disable`);
    const page = await session.page();
    await page.goto(`/chat/${share.shareId}`);
    await page.getByText(/does not exist or has been disabled/i).waitFor();
    await page.goto('/f/no-such-share');
    await page.getByText(/does not exist or has been disabled/i).waitFor();
  });
});
