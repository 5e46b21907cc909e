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
  'shell/dist/index.html': '<html><body><div id="root"></div></body></html>',
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

/** The files the login page lists for its script to prefetch, read as a browser reads the page. */
function listedAssets(body: string): unknown {
  const { document } = new Window().document.defaultView!;
  document.write(body);
  const block = document.getElementById('console-assets');
  expect(block?.getAttribute('type')).toBe('application/json');
  return JSON.parse(block?.textContent ?? 'null');
}

describe("the login page's list of the console's files", () => {
  it("lists the console's scripts and stylesheets and the robots remote's entry and App, not the login page's own", async () => {
    const res = await t.get('/login', { headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<form>login form</form>');
    expect(listedAssets(res.body)).toEqual([
      '/456.1ea703a3.css',
      '/456.2f07ac89.js',
      '/main.0c2edb74.js',
      '/remotes/robots/mf-manifest.json',
      '/remotes/robots/remoteEntry.js',
      '/remotes/robots/__federation_expose_App.6806b08c.js',
    ]);
    // Only a data block was added: the page's scripts are still only its own, so its policy is unchanged.
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it("follows a new build of the remote, gzipped like the page", async () => {
    const manifest = join(staticDir, 'remotes/robots/dist/mf-manifest.json');
    await writeFile(manifest, robotsManifest('__federation_expose_App.99999999.js'));
    await utimes(manifest, new Date(), new Date(Date.now() + 60_000));
    const zipped = await t.get('/login', { headers: { ...html, 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(listedAssets(gunzipSync(zipped.rawPayload).toString())).toContain('/remotes/robots/__federation_expose_App.99999999.js');
  });
});
