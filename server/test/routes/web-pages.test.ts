import { mkdir, mkdtemp, readFile, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Window } from 'happy-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHAT_LIMITS, type Robot, type ShareInfo, type ShareSettings } from '@flotilla/shared/contracts';
import { useTestApp } from '../helper';

const html = { accept: 'text/html,application/xhtml+xml' };
/** The chat page's own template with its static markup, as the build emits it (plus its script). */
const CHAT_PAGE = (await readFile(new URL('../../../remotes/chat/index.html', import.meta.url), 'utf8')).replace(
  '</head>',
  '<script defer src="/remotes/chat/page/main.js"></script></head>',
);

/** A fake FLOTILLA_STATIC_DIR with the console, its login page and the chat page. */
const staticDir = await mkdtemp(join(tmpdir(), 'flotilla-pages-'));
const files: Record<string, string> = {
  'shell/dist/index.html': '<html>console</html>',
  'shell/dist/login.html': '<html>login form</html>',
  'remotes/chat/dist/index.html': CHAT_PAGE,
};
for (const [path, content] of Object.entries(files)) {
  await mkdir(dirname(join(staticDir, path)), { recursive: true });
  await writeFile(join(staticDir, path), content);
}

const t = useTestApp({ config: { staticDir } });
let admin: string;

beforeAll(async () => {
  admin = await t.login();
});

/** An enabled share of a new robot called `name`. */
async function sharedRobot(name: string, icon?: string): Promise<ShareSettings & { adminId: string }> {
  const robot = (await t.post('/v1/processes', { token: admin, body: { name, icon } })).json<Robot>();
  const res = await t.put(`/v1/users/${robot.adminId}/processes/${robot.processId}/share/enable`, { token: admin });
  expect(res.statusCode).toBe(200);
  return { ...res.json<ShareSettings>(), adminId: robot.adminId };
}

/** The page as a browser parses it: what scripts it would run, and the inlined share info. */
function parsePage(body: string) {
  const window = new Window();
  const document = new window.DOMParser().parseFromString(body, 'text/html');
  const data = document.getElementById('share-info');
  const chat = document.querySelector('[data-static-chat]') as unknown as {
    style: { getPropertyValue(name: string): string };
  } | null;
  return {
    /** What the visitor sees before the page's script ran: the header, the welcome, the message box. */
    shell: {
      name: document.querySelector('h1')?.textContent,
      avatar: document.querySelector('.flc-avatar--large')?.innerHTML,
      image: document.querySelector('.flc-avatar--large img'),
      welcome: document.querySelector('.flc-bubble--welcome')?.textContent,
      accent: chat?.style.getPropertyValue('--flc-accent'),
      onAccent: chat?.style.getPropertyValue('--flc-on-accent'),
      box: document.querySelector('textarea'),
      sendDisabled: document.querySelector('button[type="submit"]')?.hasAttribute('disabled'),
      elements: document.querySelectorAll('#root *').length,
    },
    scripts: [...document.querySelectorAll('script')].filter(
      (script) => script.getAttribute('type') !== 'application/json',
    ),
    info: data ? (JSON.parse(data.textContent ?? '') as ShareInfo) : undefined,
    dataType: data?.getAttribute('type'),
  };
}

describe('the login page', () => {
  it('answers the login paths with its own light page, and the console elsewhere', async () => {
    for (const path of ['/login', '/login?redirect=dataset', '/guoguo/login', '/bcds/login']) {
      const res = await t.get(path, { headers: html });
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toBe('<html>login form</html>');
      expect(res.headers['cache-control'], path).toBe('no-cache');
      expect(res.headers['content-security-policy'], path).toContain("script-src 'self'");
    }
    expect((await t.get('/robot', { headers: html })).body).toBe('<html>console</html>');
  });

  it('sends it gzipped to browsers that accept it, and a new build as soon as it is written', async () => {
    const zipped = await t.get('/login', { headers: { ...html, 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe('<html>login form</html>');
    await writeFile(join(staticDir, 'shell/dist/login.html'), '<html>login form, new build</html>');
    await utimes(join(staticDir, 'shell/dist/login.html'), new Date(), new Date(Date.now() + 60_000));
    expect((await t.get('/login', { headers: html })).body).toBe('<html>login form, new build</html>');
    await writeFile(join(staticDir, 'shell/dist/login.html'), files['shell/dist/login.html']);
    await utimes(join(staticDir, 'shell/dist/login.html'), new Date(), new Date(Date.now() + 120_000));
  });
});

describe('the share page', () => {
  it("carries its share's info, as GET /v1/share/info answers it", async () => {
    const share = await sharedRobot('Parcel helper');
    const res = await t.get(`/chat/${share.shareId}`, { headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const page = parsePage(res.body);
    const answer = (await t.get(`/v1/share/info?shareId=${share.shareId}`)).json<ShareInfo>();
    expect(page.info).toEqual(answer);
    expect(page.info?.name).toBe('Parcel helper');
    expect(page.dataType).toBe('application/json');
  });

  it("draws the message box in the HTML, with the share's name, icon, welcome and colour", async () => {
    const share = await sharedRobot('Harbour desk');
    await t.put(`/v1/users/${share.adminId}/processes/${share.processId}/share`, {
      token: admin,
      body: { themeColor: '#FADB14' },
    });
    await t.put(`/v1/processes/${share.processId}/preset`, { token: admin, body: { welcome: 'Ask me about ferries' } });
    const page = parsePage((await t.get(`/chat/${share.shareId}`, { headers: html })).body);
    expect(page.shell).toMatchObject({
      name: 'Harbour desk',
      avatar: 'H',
      welcome: 'Ask me about ferries',
      accent: '#FADB14',
      sendDisabled: true,
    });
    // A pale yellow header gets dark text; the box takes typing with the question's limit.
    expect(page.shell.onAccent).toBe('#1c1f23');
    expect(page.shell.box?.getAttribute('maxlength')).toBe(String(CHAT_LIMITS.questionLength));
    expect(page.shell.box?.hasAttribute('disabled')).toBe(false);
    // Gzipped for browsers that take it, the same page.
    const zipped = await t.get(`/chat/${share.shareId}`, { headers: { ...html, 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(parsePage(gunzipSync(zipped.rawPayload).toString()).shell).toEqual(page.shell);
  });

  it('writes a hostile name, icon and welcome into the markup as text', async () => {
    const name = `</h1><img src=x onerror=alert(1)>"' $&`;
    const icon = '/icon.png?"onerror="alert(3)';
    const share = await sharedRobot(name, icon);
    await t.put(`/v1/processes/${share.processId}/preset`, {
      token: admin,
      body: { welcome: "<script>alert(2)</script> $'" },
    });
    const neutral = parsePage(CHAT_PAGE).shell.elements;
    const page = parsePage((await t.get(`/chat/${share.shareId}`, { headers: html })).body);
    expect(page.shell.name).toBe(name);
    expect(page.shell.welcome).toBe("<script>alert(2)</script> $'");
    // The icon is one image (in the header and beside the welcome) whose address is the icon, nothing more.
    expect(page.shell.elements).toBe(neutral + 2);
    expect(page.shell.image?.getAttribute('src')).toBe(icon);
    expect(page.shell.image?.getAttributeNames()).toEqual(['src', 'alt']);
    expect(page.scripts.map((script) => script.getAttribute('src'))).toEqual(['/remotes/chat/page/main.js']);
  });

  it('keeps a hostile robot name inside the data: it closes no element and runs nothing', async () => {
    const name = `</script><script>alert(1)</script><!-- $& $' &amp;`;
    const share = await sharedRobot(name);
    const res = await t.get(`/chat/${share.shareId}`, { headers: html });
    expect(res.body).not.toContain('<script>alert(1)');
    const page = parsePage(res.body);
    expect(page.info?.name).toBe(name);
    expect(page.scripts.map((script) => script.getAttribute('src'))).toEqual(['/remotes/chat/page/main.js']);
  });

  it('carries no info for an unknown or closed share (the page then says so itself)', async () => {
    for (const path of ['/chat/no-such-share', '/chat', '/p/chat?shareId=nope']) {
      const res = await t.get(path, { headers: html });
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toBe(CHAT_PAGE);
    }
    // The neutral markup: the message box without a name, icon, welcome or colour of its own.
    expect(parsePage(CHAT_PAGE).shell).toMatchObject({
      name: '',
      avatar: '',
      welcome: '',
      accent: '',
      sendDisabled: true,
    });
  });
});
