import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, useTestApp, type TestApp } from '../helper';
import { multipart } from '../support/documents';
import { sharedRobot, VISITOR } from './chat-fixtures';

const html = { accept: 'text/html,application/xhtml+xml' };
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const SHOP = 'https://shop.example.com';
const EVIL = 'https://evil.example.net';

/** A fake FLOTILLA_STATIC_DIR with a shell, a remote and the chat page built. */
const staticDir = await mkdtemp(join(tmpdir(), 'flotilla-headers-'));
for (const [path, content] of Object.entries({
  'shell/dist/index.html': '<html>shell</html>',
  'remotes/robots/dist/remoteEntry.js': 'var robots',
  'remotes/chat/dist/index.html': '<html>chat</html>',
})) {
  await mkdir(dirname(join(staticDir, path)), { recursive: true });
  await writeFile(join(staticDir, path), content);
}
/** FLOTILLA_REMOTES: read on each request, so a test may rewrite it. */
const remotesFile = join(staticDir, 'remotes.json');
const remotesOn = (origin: string) =>
  writeFile(
    remotesFile,
    JSON.stringify({
      robots: { entry: `${origin}/robots/mf-manifest.json`, version: '1' },
      chat: { entry: '/remotes/chat/mf-manifest.json', version: '1' },
    }),
  );
await remotesOn('https://cdn.example.com');

const t = useTestApp({ config: { staticDir, remotesFile } });
let admin: string;
beforeAll(async () => {
  admin = await t.login();
});

/** The CSP as `{ directive: [values] }`. */
function policy(header: string | string[] | number | undefined): Record<string, string[]> {
  return Object.fromEntries(
    String(header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );
}

/** The headers every answer carries, whatever it is. */
function expectBaseHeaders(res: { headers: Record<string, unknown> }, path: string) {
  expect(res.headers['x-content-type-options'], path).toBe('nosniff');
  expect(res.headers['x-frame-options'], path).toBe('DENY');
  expect(res.headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
  const csp = policy(res.headers['content-security-policy'] as string);
  expect(csp['default-src'], path).toEqual(["'self'"]);
  expect(csp['frame-ancestors'], path).toEqual(["'none'"]);
  return csp;
}

/** An enabled share whose allowed origins are `allowedOrigins`. */
async function shareAllowing(allowedOrigins: string[]) {
  const { share, base } = await sharedRobot(t, admin);
  const saved = await t.put(base, { token: admin, body: { allowedOrigins } });
  expect(saved.statusCode).toBe(200);
  return share.shareId;
}

describe('security headers', () => {
  it('the console refuses framing, sniffing and leaking its URLs, and may load scripts only from itself and its remotes', async () => {
    for (const path of ['/', '/robot/list']) {
      const res = await t.get(path, { headers: html });
      expect(res.body, path).toBe('<html>shell</html>');
      const csp = expectBaseHeaders(res, path);
      expect(csp['script-src'], path).toEqual(["'self'", 'https://cdn.example.com']);
      expect(csp['connect-src'], path).toEqual(["'self'", 'https://cdn.example.com']);
      expect(csp['style-src'], path).toContain("'unsafe-inline'");
      expect(csp['img-src'], path).toEqual(["'self'", 'data:', 'blob:']);
    }
  });

  it("follows /remotes.json: a remote moved to another origin is allowed on the console's next load", async () => {
    await remotesOn('https://remotes.example.org:8443');
    const csp = policy((await t.get('/', { headers: html })).headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'", 'https://remotes.example.org:8443']);
    expect(csp['script-src']).not.toContain('https://cdn.example.com');
    await remotesOn('https://cdn.example.com');
  });

  it('every API answer carries them too, errors included, and may be framed by nobody', async () => {
    for (const path of ['/healthz', '/v1/processes', '/v1/share/info']) {
      const csp = expectBaseHeaders(await t.get(path), path);
      expect(csp['script-src'], path).toEqual(["'self'"]);
    }
  });

  it("a share page may be framed by its share's allowed origins only", async () => {
    const shareId = await shareAllowing([SHOP, 'http://LOCALHOST:3000']);
    for (const path of [
      `/chat/${shareId}`,
      `/f/${shareId}`,
      `/r/${shareId}`,
      `/chat?shareId=${shareId}`,
      `/p/chat?shareId=${shareId}`,
    ]) {
      const res = await t.get(path, { headers: html });
      expect(res.body, path).toBe('<html>chat</html>');
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
      expect(res.headers['x-frame-options'], path).toBeUndefined();
      const csp = policy(res.headers['content-security-policy']);
      expect(csp['frame-ancestors'], path).toEqual(["'self'", SHOP, 'http://localhost:3000']);
      expect(csp['default-src'], path).toEqual(["'self'"]);
    }
  });

  it('a share with no allowed origins may be framed by any site; a page naming no live share by this server only', async () => {
    const open = await shareAllowing([]);
    expect(
      policy((await t.get(`/chat/${open}`, { headers: html })).headers['content-security-policy'])['frame-ancestors'],
    ).toEqual(['*']);
    const { share, base } = await sharedRobot(t, admin);
    await t.put(`${base}/disable`, { token: admin });
    for (const path of [`/chat/${share.shareId}`, '/chat/no-such-share', '/chat', '/chat/bad%20id']) {
      const csp = policy((await t.get(path, { headers: html })).headers['content-security-policy']);
      expect(csp['frame-ancestors'], path).toEqual(["'self'"]);
    }
  });

  it('build files may be loaded by a shell on another origin', async () => {
    const res = await t.get('/remotes/robots/remoteEntry.js', { headers: { origin: 'https://console.example.org' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await t.get('/healthz')).headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it("a robot's icon may be shown by another site, and still runs nothing when opened", async () => {
    const form = multipart([{ name: 'file', filename: 'bot.png', content: PNG, type: 'image/png' }]);
    const { url } = (
      await t.post('/v2/processes/icon', { token: admin, body: form.body, headers: form.headers })
    ).json<{ url: string }>();
    const res = await t.get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe("CORS of the public chat calls, by the share's allowed origins", () => {
  const ask = (shareId: string, origin: string) =>
    t.post('/v2/qa', {
      body: { shareId, visitorId: VISITOR, question: 'hi' },
      headers: { origin, 'accept-language': 'en' },
    });
  const preflight = (path: string, origin: string, method = 'POST') =>
    t.app.inject({
      method: 'OPTIONS',
      url: path,
      headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'content-type' },
    });

  it('answers an allowed origin, and neither answers nor serves another', async () => {
    const shareId = await shareAllowing([SHOP]);
    const allowed = await t.get(`/v1/share/info?shareId=${shareId}`, { headers: { origin: SHOP } });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe(SHOP);
    expect(allowed.headers.vary).toContain('Origin');
    const asked = await ask(shareId, SHOP);
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['access-control-allow-origin']).toBe(SHOP);

    for (const res of [
      await t.get(`/v1/share/info?shareId=${shareId}`, { headers: { origin: EVIL } }),
      await ask(shareId, EVIL),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('ORIGIN_NOT_ALLOWED');
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('lets the browser send a public chat call (preflight), never a staff call or a login', async () => {
    const ok = await preflight('/v2/qa', SHOP);
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe(SHOP);
    expect(ok.headers['access-control-allow-methods']).toContain('POST');
    expect(ok.headers['access-control-allow-headers']).toContain('Content-Type');
    const byQuery = await preflight(
      `/v1/chat/users/${VISITOR}/sessions/x/completions?shareId=${await shareAllowing([SHOP])}`,
      EVIL,
      'GET',
    );
    expect(byQuery.headers['access-control-allow-origin']).toBeUndefined();

    for (const [path, method] of [
      ['/v1/processes', 'POST'],
      ['/v1/users/list', 'GET'],
      ['/v1/login', 'POST'],
    ] as const) {
      const res = await preflight(path, SHOP, method);
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['access-control-allow-origin'], path).toBeUndefined();
    }
  });

  it('a share with no allowed origins answers any site', async () => {
    const shareId = await shareAllowing([]);
    const res = await t.get(`/v1/webPreviewUi?shareId=${shareId}`, { headers: { origin: EVIL } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(EVIL);
  });

  it('the share page served by this server always works: same origin needs no CORS and is never refused', async () => {
    const shareId = await shareAllowing([SHOP]);
    // app.inject reaches the server as http://localhost:80.
    for (const origin of ['http://localhost', 'http://localhost:80', 'http://LocalHost']) {
      const res = await t.get(`/v1/share/info?shareId=${shareId}`, { headers: { origin } });
      expect(res.statusCode, origin).toBe(200);
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
    // The same host on another scheme or port is another origin.
    for (const origin of ['https://localhost', 'http://localhost:8080']) {
      expect((await t.get(`/v1/share/info?shareId=${shareId}`, { headers: { origin } })).statusCode, origin).toBe(403);
    }
  });
});

describe('with FLOTILLA_PUBLIC_ORIGIN', () => {
  let pinned: TestApp & { close: () => Promise<void> };
  let shareId: string;
  beforeAll(async () => {
    pinned = await createTestApp({ config: { publicOrigins: ['https://bots.example.com'] } });
    const token = await pinned.login();
    const { share, base } = await sharedRobot(pinned, token);
    await pinned.put(base, { token, body: { allowedOrigins: [SHOP] } });
    shareId = share.shareId;
    return () => pinned.close();
  });

  it('a forged Host with a matching Origin does not pass; the configured origin does', async () => {
    const forged = await pinned.get(`/v1/share/info?shareId=${shareId}`, {
      headers: { host: 'evil.example.net', origin: 'http://evil.example.net' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.headers['access-control-allow-origin']).toBeUndefined();
    const own = await pinned.get(`/v1/share/info?shareId=${shareId}`, {
      headers: { host: 'evil.example.net', origin: 'https://bots.example.com' },
    });
    expect(own.statusCode).toBe(200);
  });
});
