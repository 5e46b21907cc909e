import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { LOGIN_BRAND_ELEMENT_ID, type LoginBrands } from '@flotilla/shared/contracts';
import { loadConfig } from '../../src/config';
import { useTestApp } from '../helper';

const html = { accept: 'text/html,application/xhtml+xml' };
/** The login page's own markup (shell/login.html) as the fake build's page. */
const LOGIN_PAGE = await readFile(new URL('../../../shell/login.html', import.meta.url), 'utf8');

const staticDir = await mkdtemp(join(tmpdir(), 'flotilla-brands-'));
await mkdir(join(staticDir, 'shell/dist'), { recursive: true });
await writeFile(join(staticDir, 'shell/dist/index.html'), '<html>console</html>');
await writeFile(join(staticDir, 'shell/dist/login.html'), LOGIN_PAGE);

const HOSTILE = `</h1><img src=x onerror=alert(1)>"' $& <script>alert(2)</script>`;
const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const brands: LoginBrands = {
  guoguoLogin: {
    title: { 'zh-CN': '果果客服', 'en-US': 'Guoguo Support' },
    subtitle: '为果果的门店服务',
    logo: 'https://cdn.guoguo.example/logo.svg',
    color: '#FADB14',
    methods: ['code'],
  },
  bcdsLogin: { title: HOSTILE, subtitle: HOSTILE, logo: PNG, methods: ['code', 'password', 'sso'] },
};

const t = useTestApp({ config: { staticDir, loginBrands: brands } });

/** The page as a browser parses it, before its script runs. */
function parsePage(body: string) {
  const window = new Window();
  const doc = new window.DOMParser().parseFromString(body, 'text/html');
  const get = (selector: string) => doc.querySelector(selector);
  const hidden = (selector: string) => get(selector)?.hasAttribute('hidden');
  return {
    doc,
    windowTitle: get('title')?.textContent,
    heading: get('h1')?.textContent,
    headingI18n: get('h1')?.getAttribute('data-i18n'),
    subtitle: get('.fl-login__subtitle')?.textContent,
    logo: get('img.fl-login__logo'),
    style: (get('.fl-login') as unknown as { style: { getPropertyValue(name: string): string } } | null)?.style,
    tabs: [...doc.querySelectorAll('[role="tab"]')].map((tab) => ({
      method: tab.getAttribute('data-method'),
      hidden: tab.hasAttribute('hidden'),
      selected: tab.getAttribute('aria-selected'),
    })),
    hidden: {
      tabList: hidden('[role="tablist"]'),
      passwordForm: hidden('#fl-login-form'),
      codeForm: hidden('#fl-sms-form'),
      forgot: hidden('#fl-login-forgot'),
      sso: hidden('#fl-sso'),
    },
    brand: JSON.parse(get(`#${LOGIN_BRAND_ELEMENT_ID}`)?.textContent ?? 'null') as unknown,
    scripts: [...doc.querySelectorAll('script')].filter((script) => script.getAttribute('type') !== 'application/json'),
    images: doc.querySelectorAll('img').length,
  };
}

/** The custom properties login.html declares on `.fl-login`: what every colour of the page derives from. */
function accentVariables(): string[] {
  const block = /\.fl-login \{([^}]*)\}/.exec(LOGIN_PAGE)?.[1] ?? '';
  return [...block.matchAll(/(--fl-[a-z-]+):/g)]
    .map(([, name]) => name ?? '')
    .filter((name) => name !== '--fl-primary-text');
}

const imgSrc = (csp: unknown) => /img-src ([^;]*)/.exec(String(csp))?.[1];

describe('FLOTILLA_LOGIN_BRANDS', () => {
  const load = (value: string) => loadConfig({ FLOTILLA_LOGIN_BRANDS: value });

  it('gives each login route its brand, and none when unset', () => {
    expect(load(JSON.stringify(brands)).loginBrands).toEqual(brands);
    expect(loadConfig({}).loginBrands).toEqual({});
  });

  it('stops the start on a malformed value, naming the variable and what is wrong', () => {
    expect(() => load('{"guoguoLogin": ')).toThrow(/^FLOTILLA_LOGIN_BRANDS must be .*: not JSON/);
    expect(() => load('[]')).toThrow(/FLOTILLA_LOGIN_BRANDS/);
    expect(() => load('{"shopLogin": {}}')).toThrow(/FLOTILLA_LOGIN_BRANDS.*shopLogin/);
    expect(() => load('{"guoguoLogin": {"colour": "#fff"}}')).toThrow(/FLOTILLA_LOGIN_BRANDS.*\/guoguoLogin\/colour/);
    expect(() => load('{"guoguoLogin": {"color": "red"}}')).toThrow(/FLOTILLA_LOGIN_BRANDS.*\/guoguoLogin\/color/);
    expect(() => load('{"bcdsLogin": {"methods": []}}')).toThrow(/FLOTILLA_LOGIN_BRANDS.*\/bcdsLogin\/methods/);
  });

  it('refuses a logo that is neither an https:// URL nor a data: image', () => {
    for (const logo of [
      'http://cdn.example.com/logo.png',
      'javascript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      '//cdn.example.com/logo.png',
      'https://',
      // Host names that would end or widen the page's CSP directive.
      'https://a.example;script-src/x.png',
      'https://*/x.png',
      'https://a.example,b/x.png',
    ]) {
      expect(() => load(JSON.stringify({ login: { logo } })), logo).toThrow(
        /^FLOTILLA_LOGIN_BRANDS .*\/login\/logo must be an https:\/\/ URL or a data:image/,
      );
    }
    expect(load(JSON.stringify({ login: { logo: PNG } })).loginBrands.login?.logo).toBe(PNG);
  });
});

describe('a branded login page', () => {
  it("is drawn with the brand's title, subtitle, logo, colour and methods in the markup", async () => {
    const res = await t.get('/guoguo/login', { headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const page = parsePage(res.body);
    // The markup's language is zh-CN; the script switches a per-language title to the saved language.
    expect(page).toMatchObject({ windowTitle: '果果客服', heading: '果果客服', subtitle: '为果果的门店服务' });
    expect(page.headingI18n).toBeNull();
    expect(page.logo?.getAttribute('src')).toBe('https://cdn.guoguo.example/logo.svg');
    expect(page.logo?.getAttribute('alt')).toBe('果果客服');
    expect(page.style?.getPropertyValue('--fl-primary')).toBe('#FADB14');
    // A pale yellow button gets dark text.
    expect(page.style?.getPropertyValue('--fl-on-primary')).toBe('#1c1f23');
    // Only the code form, without tabs or "Forgot password?" (a reset needs the password form's link).
    expect(page.hidden).toEqual({ tabList: true, passwordForm: true, codeForm: false, forgot: true, sso: true });
    // The brand for the script, without the logo the markup has already.
    const { logo: _logo, ...rest } = brands.guoguoLogin ?? {};
    expect(page.brand).toEqual(rest);
  });

  it('sets every colour the page derives from its accent: no default blue is left', async () => {
    const page = parsePage((await t.get('/guoguo/login', { headers: html })).body);
    const names = accentVariables();
    expect(names).toEqual(expect.arrayContaining(['--fl-primary', '--fl-on-primary', '--fl-primary-hover']));
    for (const name of names) expect(page.style?.getPropertyValue(name), name).not.toBe('');
    const style = page.doc.querySelector('.fl-login')?.getAttribute('style') ?? '';
    expect(style.toLowerCase()).not.toMatch(/165dff|22, 93, 255|4080ff|e8f0ff|eef3ff/);
  });

  it('lets the logo in from its own origin, on its own page only', async () => {
    const branded = await t.get('/guoguo/login', { headers: html });
    expect(imgSrc(branded.headers['content-security-policy'])).toContain('https://cdn.guoguo.example');
    for (const path of ['/login', '/bcds/login', '/robot']) {
      const res = await t.get(path, { headers: html });
      expect(imgSrc(res.headers['content-security-policy']), path).not.toContain('cdn.guoguo.example');
    }
  });

  it('writes a hostile title and subtitle as text: no element opened, nothing run', async () => {
    const res = await t.get('/bcds/login', { headers: html });
    expect(res.body).not.toContain('<script>alert(2)');
    const page = parsePage(res.body);
    expect(page.heading).toBe(HOSTILE);
    expect(page.windowTitle).toBe(HOSTILE);
    expect(page.subtitle).toBe(HOSTILE);
    expect(page.logo?.getAttribute('alt')).toBe(HOSTILE);
    expect(page.logo?.getAttributeNames()).toEqual(['class', 'data-brand', 'src', 'alt']);
    // The logo is the one image added; no script but none (the fake build has no script of its own).
    expect(page.images).toBe(parsePage(LOGIN_PAGE).images + 1);
    expect(page.scripts).toEqual([]);
    expect(page.brand).toMatchObject({ title: HOSTILE });
  });

  it('selects no tab it hides: one method, one selected tab', async () => {
    const page = parsePage((await t.get('/guoguo/login', { headers: html })).body);
    expect(page.tabs).toEqual([
      { method: 'code', hidden: false, selected: 'true' },
      { method: 'password', hidden: true, selected: 'false' },
    ]);
  });

  it("orders the tabs as the brand's methods, the first one's form shown", async () => {
    const page = parsePage((await t.get('/bcds/login', { headers: html })).body);
    expect(page.tabs).toEqual([
      { method: 'code', hidden: false, selected: 'true' },
      { method: 'password', hidden: false, selected: 'false' },
    ]);
    expect(page.hidden).toEqual({ tabList: false, passwordForm: true, codeForm: false, forgot: false, sso: true });
    // No colour: the page's own.
    expect(page.doc.querySelector('.fl-login')?.hasAttribute('style')).toBe(false);
  });

  it('is sent gzipped to browsers that take it, the same page', async () => {
    const plain = await t.get('/guoguo/login', { headers: html });
    const zipped = await t.get('/guoguo/login', { headers: { ...html, 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
  });

  it('leaves a login route without a brand exactly as built', async () => {
    const res = await t.get('/login', { headers: html });
    expect(res.body).toBe(LOGIN_PAGE);
    expect(imgSrc(res.headers['content-security-policy'])).toBe("'self' data: blob:");
  });
});
