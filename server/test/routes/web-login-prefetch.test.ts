import { mkdir, mkdtemp, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helper';

const html = { accept: 'text/html,application/xhtml+xml' };

/** A fake FLOTILLA_STATIC_DIR: the console's build with its login page, and the robots remote's. */
const staticDir = await mkdtemp(join(tmpdir(), 'flotilla-prefetch-'));
const robotsManifest = (app: string) =>
  JSON.stringify({
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    shared: [{ name: 'react', assets: { js: { sync: ['336.f9d813c5.js'] } } }],
    exposes: [{ name: 'App', assets: { js: { sync: [app], async: ['dialog.1234abcd.js'] }, css: { sync: [] } } }],
  });
const files: Record<string, string> = {
  'shell/dist/index.html': '<html><head><title>console</title></head><body><div id="root"></div></body></html>',
  'shell/dist/login.html': '<html><body><form>login form</form></body></html>',
  'shell/dist/login.74a73c16.js': '',
  'shell/dist/main.0c2edb74.js': '',
  'shell/dist/456.2f07ac89.js': '',
  'shell/dist/456.1ea703a3.css': '',
  'shell/dist/456.2f07ac89.js.map': '',
  'shell/dist/favicon.svg': '',
  'remotes/robots/dist/mf-manifest.json': robotsManifest('__federation_expose_App.6806b08c.js'),
};
for (const [path, content] of Object.entries(files)) {
  await mkdir(dirname(join(staticDir, path)), { recursive: true });
  await writeFile(join(staticDir, path), content);
}

const t = useTestApp({ config: { staticDir } });

/** The JSON data block `id` of a page, read as a browser reads the page. */
function dataBlock(body: string, id: string): unknown {
  const { document } = new Window().document.defaultView!;
  document.write(body);
  const block = document.getElementById(id);
  expect(block?.getAttribute('type')).toBe('application/json');
  return JSON.parse(block?.textContent ?? 'null');
}

/** The files the login page lists for its script to prefetch. */
const listedAssets = (body: string) => dataBlock(body, 'console-assets');

/** Where /remotes.json says the robots remote's manifest is. */
const robotsEntry = async () =>
  ((await t.get('/remotes.json')).json() as Record<string, { entry: string }>).robots!.entry;

describe("the login page's list of the console's files", () => {
  it("lists the console's scripts and stylesheets and the robots remote's entry and App, not the login page's own", async () => {
    const res = await t.get('/login', { headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<form>login form</form>');
    expect(await robotsEntry()).toMatch(/^\/remotes\/robots\/mf-manifest\.json\?v=0\.0\.0%2B[0-9a-f]{8}$/);
    expect(listedAssets(res.body)).toEqual([
      '/456.1ea703a3.css',
      '/456.2f07ac89.js',
      '/main.0c2edb74.js',
      // The manifest under the URL /remotes.json gives it, so the console finds this copy in its cache.
      await robotsEntry(),
      '/remotes/robots/remoteEntry.js',
      '/remotes/robots/__federation_expose_App.6806b08c.js',
    ]);
    // Only a data block was added: the page's scripts are still only its own, so its policy is unchanged.
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('follows a new build of the remote, gzipped like the page', async () => {
    const manifest = join(staticDir, 'remotes/robots/dist/mf-manifest.json');
    await writeFile(manifest, robotsManifest('__federation_expose_App.99999999.js'));
    await utimes(manifest, new Date(), new Date(Date.now() + 60_000));
    const zipped = await t.get('/login', { headers: { ...html, 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(listedAssets(gunzipSync(zipped.rawPayload).toString())).toContain(
      '/remotes/robots/__federation_expose_App.99999999.js',
    );
  });
});

describe("the console's page and the first remote's manifest", () => {
  it('carries /remotes.json, so the shell registers the remotes without asking for it', async () => {
    const res = await t.get('/robot', { headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(dataBlock(res.body, 'remotes-config')).toEqual((await t.get('/remotes.json')).json());
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('lets the browser keep the manifest asked under the URL that names its build, and no other', async () => {
    const entry = await robotsEntry();
    expect((await t.get(entry)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/remotes/robots/mf-manifest.json', '/remotes/robots/mf-manifest.json?v=0.0.0%2B00000000']) {
      expect((await t.get(url)).headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('names a new build of the remote with a new URL, which the old one no longer matches', async () => {
    const before = await robotsEntry();
    const manifest = join(staticDir, 'remotes/robots/dist/mf-manifest.json');
    await writeFile(manifest, robotsManifest('__federation_expose_App.77777777.js'));
    await utimes(manifest, new Date(), new Date(Date.now() + 120_000));
    const after = await robotsEntry();
    expect(after).not.toBe(before);
    expect(dataBlock((await t.get('/robot', { headers: html })).body, 'remotes-config')).toMatchObject({
      robots: { entry: after },
    });
    expect((await t.get(after)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.get(before)).headers['cache-control']).toBe('no-cache');
  });
});
