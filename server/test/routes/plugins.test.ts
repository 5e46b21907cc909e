import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Robot, ShareSettings } from '@flotilla/shared/contracts';
import { isPublicAddress, type ResolvedAddress } from '../../src/lib/outbound/index';
import { SHARE_READS_PER_MINUTE } from '../../src/routes/plugins/index';
import { useTestApp } from '../helper';
import { startLocalSite, type LocalSite } from '../support/local-site';

// The app reads pages from a site this test serves on 127.0.0.1, and from nowhere else: its resolver knows
// only the names below, and the one local address let through is the site's (production has neither hook).
let site: LocalSite;
let other: LocalSite;
const NAMES: Record<string, string[]> = { 'site.test': ['127.0.0.1'], 'intranet.test': ['10.0.0.1'] };

const t = useTestApp({
  config: {
    outbound: {
      lookup: async (hostname): Promise<ResolvedAddress[]> => {
        const addresses = NAMES[hostname];
        if (!addresses) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
        return addresses.map((address) => ({ address, family: 4 }));
      },
      isAllowedAddress: (address, port) => site.isSite(address, port) || isPublicAddress(address),
    },
  },
});

const PAGE = '<html><head><title>Opening hours</title></head><body><p>Mon–Fri  9:00–18:00</p></body></html>';
let admin: string;
let agent: string;

beforeAll(async () => {
  other = await startLocalSite({ '/secret': (res) => res.end('internal') });
  const send = (type: string, body: string | Buffer) => (res: ServerResponse) =>
    res.writeHead(200, { 'content-type': type }).end(body);
  site = await startLocalSite({
    '/hours': send('text/html; charset=utf-8', PAGE),
    '/logo.png': send('image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47])),
    '/huge': send('text/plain', 'a'.repeat(2 * 1024 * 1024 + 1)),
    '/to-intranet': (res) => res.writeHead(302, { location: 'http://intranet.test/admin' }).end(),
    '/to-other-port': (res) => res.writeHead(302, { location: `${other.origin}/secret` }).end(),
  });
  admin = await t.login();
  agent = (await t.createUser(admin, 'agent')).token;
});
afterAll(async () => {
  await site.close();
  await other.close();
});

const read = (url: string, token?: string) =>
  t.post('/v1/plugin/request/html', { token, body: { url }, headers: { 'accept-language': 'en' } });

describe('POST /v1/plugin/request/html', () => {
  it('reads a page as its title and text, for any staff member', async () => {
    for (const token of [admin, agent]) {
      const res = await read(`http://site.test:${site.port}/hours`, token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ title: 'Opening hours', text: 'Mon–Fri 9:00–18:00' });
    }
  });

  it('answers 401 without a token, before reading anything', async () => {
    const before = site.requests.length;
    const res = await read(`${site.origin}/hours`);
    expect(res.statusCode).toBe(401);
    expect(site.requests.length).toBe(before);
  });

  it('refuses loopback, private and metadata addresses with 400 ADDRESS_NOT_ALLOWED, naming no address', async () => {
    for (const url of [
      'http://127.0.0.1/',
      `http://127.0.0.1:${other.port}/secret`,
      'http://[::1]/',
      'http://2130706433/',
      'http://169.254.169.254/latest/meta-data/',
      'http://intranet.test/',
    ]) {
      const res = await read(url, admin);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({
        code: 'ADDRESS_NOT_ALLOWED',
        message: 'This address leads to an internal or reserved network and cannot be read',
      });
    }
  });

  it('refuses a redirect to a private address or another local port (never asked)', async () => {
    for (const path of ['/to-intranet', '/to-other-port']) {
      const res = await read(`${site.origin}${path}`, admin);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().code).toBe('ADDRESS_NOT_ALLOWED');
    }
    expect(other.requests).toEqual([]);
  });

  it('answers each failure with its code: bad URL 400, unknown host 502, not text 415, too large 413', async () => {
    const cases: Array<[string, number, string]> = [
      ['not a url', 400, 'URL_INVALID'],
      ['file:///etc/passwd', 400, 'URL_NOT_ALLOWED'],
      ['http://user:pass@site.test/', 400, 'URL_NOT_ALLOWED'],
      ['http://nowhere.test/', 502, 'DNS_FAILED'],
      [`${site.origin}/logo.png`, 415, 'UNSUPPORTED_CONTENT'],
      [`${site.origin}/huge`, 413, 'FETCH_TOO_LARGE'],
      [`${site.origin}/missing`, 502, 'HTTP_FAILED'],
    ];
    for (const [url, status, code] of cases) {
      const res = await read(url, admin);
      expect(res.statusCode, url).toBe(status);
      expect(res.json().code, url).toBe(code);
    }
  });

  it('answers 422 for a URL over 2000 characters', async () => {
    const res = await read(`${site.origin}/${'a'.repeat(2000)}`, admin);
    expect(res.statusCode).toBe(422);
  });
});

describe('POST /v1/plugin/request/html/share', () => {
  let shareId: string;
  let base: string;
  beforeAll(async () => {
    const robot = (await t.post('/v1/processes', { token: admin, body: { name: 'Reader' } })).json<Robot>();
    base = `/v1/users/${robot.adminId}/processes/${robot.processId}/share`;
    shareId = (await t.put(`${base}/enable`, { token: admin })).json<ShareSettings>().shareId;
  });
  const readAs = (id: string, url: string, headers: Record<string, string> = {}) =>
    t.post(`/v1/plugin/request/html/share?shareId=${id}`, { body: { url }, headers });

  it('reads a page for a visitor of a live share, without a login', async () => {
    const res = await readAs(shareId, `${site.origin}/hours`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ title: 'Opening hours', text: 'Mon–Fri 9:00–18:00' });
  });

  it('refuses a private address for a visitor too', async () => {
    const res = await readAs(shareId, 'http://10.1.2.3/');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('ADDRESS_NOT_ALLOWED');
  });

  it('answers 404 SHARE_NOT_FOUND for an unknown or disabled share, before reading anything', async () => {
    const before = site.requests.length;
    expect((await readAs('no-such-share', `${site.origin}/hours`)).json().code).toBe('SHARE_NOT_FOUND');
    const robot = (await t.post('/v1/processes', { token: admin, body: { name: 'Closed' } })).json<Robot>();
    const closed = (
      await t.get(`/v1/users/${robot.adminId}/processes/${robot.processId}/share`, { token: admin })
    ).json<ShareSettings>();
    const res = await readAs(closed.shareId, `${site.origin}/hours`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('SHARE_NOT_FOUND');
    expect(site.requests.length).toBe(before);
  });

  it("answers 403 ORIGIN_NOT_ALLOWED from a site the share's allowed origins leave out", async () => {
    const robot = (await t.post('/v1/processes', { token: admin, body: { name: 'Embedded' } })).json<Robot>();
    const embedded = `/v1/users/${robot.adminId}/processes/${robot.processId}/share`;
    const id = (await t.put(`${embedded}/enable`, { token: admin })).json<ShareSettings>().shareId;
    await t.put(embedded, { token: admin, body: { allowedOrigins: ['https://shop.example.com'] } });
    const refused = await readAs(id, `${site.origin}/hours`, { origin: 'https://evil.example.com' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ORIGIN_NOT_ALLOWED');
    const allowed = await readAs(id, `${site.origin}/hours`, { origin: 'https://shop.example.com' });
    expect(allowed.statusCode).toBe(200);
  });

  it(`allows ${SHARE_READS_PER_MINUTE} reads a minute per address and share, then 429 with Retry-After`, async () => {
    const robot = (await t.post('/v1/processes', { token: admin, body: { name: 'Busy' } })).json<Robot>();
    const busy = `/v1/users/${robot.adminId}/processes/${robot.processId}/share`;
    const id = (await t.put(`${busy}/enable`, { token: admin })).json<ShareSettings>().shareId;
    for (let i = 0; i < SHARE_READS_PER_MINUTE; i += 1)
      expect((await readAs(id, `${site.origin}/hours`)).statusCode).toBe(200);
    const limited = await readAs(id, `${site.origin}/hours`);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another share's visitors are counted apart.
    expect((await readAs(shareId, `${site.origin}/hours`)).statusCode).toBe(200);
  });
});
