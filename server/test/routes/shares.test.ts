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

  it("refuses (403 ORIGIN_NOT_ALLOWED) a page on a site the share's allowed origins leave out", async () => {
    const { share, base } = await robotWithShare('Embedded helper');
    await t.put(`${base}/enable`, { token: admin });
    await t.put(base, { token: admin, body: { allowedOrigins: ['https://shop.example.com'] } });
    const from = (origin: string) =>
      t.get(`/v1/share/info?shareId=${share.shareId}`, { headers: { origin, 'accept-language': 'en' } });
    const foreign = await from('https://evil.example.net');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ code: 'ORIGIN_NOT_ALLOWED', message: 'This site may not use this share' });
    expect((await from('https://shop.example.com')).statusCode).toBe(200);
    expect((await info(share.shareId)).statusCode).toBe(200);
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

describe('PUT /v1/users/{adminId}/processes/{processId}/share', () => {
  it('starts with open origins, 60 per minute and no expiry, and changes the fields given', async () => {
    const { share, base } = await robotWithShare('Configurable share');
    expect(share).toMatchObject({ allowedOrigins: [], rateLimitPerMinute: 60, expiresAt: null, themeColor: '#165DFF' });

    const res = await t.put(base, {
      token: admin,
      body: {
        allowedOrigins: ['https://shop.example.com', 'http://localhost:3000'],
        rateLimitPerMinute: 600,
        themeColor: '#00aa11',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      shareId: share.shareId,
      enabled: false,
      allowedOrigins: ['https://shop.example.com', 'http://localhost:3000'],
      rateLimitPerMinute: 600,
      expiresAt: null,
      themeColor: '#00AA11',
    });
    const expiresAt = '2999-01-01T00:00:00.000Z';
    const later = await t.put(base, { token: admin, body: { expiresAt } });
    expect(later.json()).toMatchObject({ expiresAt, rateLimitPerMinute: 600, themeColor: '#00AA11' });
    expect((await t.get(base, { token: admin })).json()).toEqual(later.json());
  });

  it('shows the theme colour on the share page; an expired share answers 404 until the expiry is lifted', async () => {
    const { share, base } = await robotWithShare('Expiring share');
    await t.put(`${base}/enable`, { token: admin });
    await t.put(base, { token: admin, body: { themeColor: '#112233', expiresAt: '2999-12-31T23:59:59+08:00' } });
    const open = await info(share.shareId);
    expect(open.statusCode).toBe(200);
    expect(open.json().themeColor).toBe('#112233');

    await t.put(base, { token: admin, body: { expiresAt: new Date(Date.now() - 1000).toISOString() } });
    const expired = await info(share.shareId);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().code).toBe('SHARE_NOT_FOUND');

    expect((await t.put(base, { token: admin, body: { expiresAt: null } })).json().expiresAt).toBeNull();
    expect((await info(share.shareId)).statusCode).toBe(200);
  });

  it('answers 422 for a bad colour, a rate limit out of 1–600, a bad date, a bad origin or an empty body', async () => {
    const { base } = await robotWithShare('Strict share');
    const colour = await t.put(base, { token: admin, body: { themeColor: 'blue' } });
    expect(colour.statusCode).toBe(422);
    expect(colour.json().detail[0]).toMatchObject({ loc: ['body', 'themeColor'], type: 'string_pattern_mismatch' });
    expect((await t.put(base, { token: admin, body: { themeColor: '#12345' } })).statusCode).toBe(422);
    expect((await t.put(base, { token: admin, body: { rateLimitPerMinute: 0 } })).statusCode).toBe(422);
    expect((await t.put(base, { token: admin, body: { rateLimitPerMinute: 601 } })).json().detail[0]).toMatchObject({
      loc: ['body', 'rateLimitPerMinute'],
      type: 'less_than_equal',
    });
    expect((await t.put(base, { token: admin, body: { expiresAt: 'tomorrow' } })).statusCode).toBe(422);
    expect((await t.put(base, { token: admin, body: { allowedOrigins: ['shop.example.com'] } })).statusCode).toBe(422);
    expect((await t.put(base, { token: admin, body: {} })).statusCode).toBe(422);
    expect((await t.get(base, { token: admin })).json()).toMatchObject({
      themeColor: '#165DFF',
      rateLimitPerMinute: 60,
    });
  });

  it('keeps allowed origins as browsers send them, and answers 422 INVALID_ORIGIN for one with credentials', async () => {
    const { base } = await robotWithShare('Origins');
    const saved = await t.put(base, {
      token: admin,
      body: { allowedOrigins: ['https://Shop.Example.com:443', 'https://shop.example.com', 'http://LOCALHOST:3000'] },
    });
    expect(saved.json().allowedOrigins).toEqual(['https://shop.example.com', 'http://localhost:3000']);
    const bad = await t.put(base, {
      token: admin,
      body: { allowedOrigins: ['https://shop.example.com', 'https://user:pw@shop.example.com'] },
      headers: { 'accept-language': 'en' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0]).toMatchObject({ loc: ['body', 'allowedOrigins', 1], type: 'INVALID_ORIGIN' });
    expect((await t.get(base, { token: admin })).json().allowedOrigins).toEqual([
      'https://shop.example.com',
      'http://localhost:3000',
    ]);
  });

  it("refuses agents (403) and answers 404 ROBOT_NOT_FOUND for another tenant's robot", async () => {
    const { base } = await robotWithShare('Guarded settings');
    const { token } = await t.createUser(admin, 'agent');
    expect((await t.put(base, { token, body: { themeColor: '#000000' } })).statusCode).toBe(403);
    const other = await t.createTenant(admin, 'Share Tenant B');
    const res = await t.put(base, { token: other.token, body: { themeColor: '#000000' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('ROBOT_NOT_FOUND');
    expect((await t.get(base, { token: admin })).json().themeColor).toBe('#165DFF');
  });
});
