import { beforeAll, describe, expect, it } from 'vitest';
import type { Robot, ShareSettings } from '@flotilla/shared/contracts';
import { useTestApp } from '../helper';

const t = useTestApp();
let admin: string;

beforeAll(async () => {
  admin = await t.login();
});

/** A robot and its share settings, as the robots screen would read them. */
async function robotWithShare(name: string) {
  const robot = (await t.post('/v1/processes', { token: admin, body: { name, icon: '/icons/bot.png' } })).json<Robot>();
  const base = `/v1/users/${robot.adminId}/processes/${robot.processId}/share`;
  const share = (await t.get(base, { token: admin })).json<ShareSettings>();
  return { robot, share, base };
}

const info = (shareId: string) => t.get(`/v1/share/info?shareId=${shareId}`, { headers: { 'accept-language': 'en' } });

describe('GET /v1/share/info (public)', () => {
  it('answers 404 SHARE_NOT_FOUND for an unknown share', async () => {
    const res = await info('no-such-share');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'SHARE_NOT_FOUND', message: 'This share does not exist or is closed' });
  });

  it('answers 404 while the share is disabled (new robots start disabled), then the share page once enabled', async () => {
    const { robot, share, base } = await robotWithShare('Public helper');
    expect(share.enabled).toBe(false);
    expect((await info(share.shareId)).statusCode).toBe(404);

    expect((await t.put(`${base}/enable`, { token: admin })).json().enabled).toBe(true);
    const res = await info(share.shareId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      shareId: share.shareId,
      processId: robot.processId,
      name: 'Public helper',
      icon: '/icons/bot.png',
      welcome: '',
      suggestedQuestions: [],
      themeColor: '#165DFF',
    });

    await t.put(`${base}/disable`, { token: admin });
    expect((await info(share.shareId)).statusCode).toBe(404);
  });

  it('answers 404 when the robot is disabled, and after it is deleted', async () => {
    const { robot, share, base } = await robotWithShare('Doomed helper');
    await t.put(`${base}/enable`, { token: admin });
    await t.put(`/v1/processes/${robot.processId}/disableProcess`, { token: admin });
    expect((await info(share.shareId)).statusCode).toBe(404);
    await t.put(`/v1/processes/${robot.processId}/enableProcess`, { token: admin });
    expect((await info(share.shareId)).statusCode).toBe(200);

    await t.del(`/v1/processes/${robot.processId}`, { token: admin });
    const res = await info(share.shareId);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('SHARE_NOT_FOUND');
  });

  it('answers 422 without a shareId', async () => {
    const res = await t.get('/v1/share/info');
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ loc: ['query', 'shareId'], type: 'missing' });
  });
});

describe('share settings', () => {
  it('are for operators: agents get 403', async () => {
    const { base } = await robotWithShare('Guarded');
    const { token } = await t.createUser(admin, 'agent');
    expect((await t.put(`${base}/enable`, { token })).statusCode).toBe(403);
  });
});
