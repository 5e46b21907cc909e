import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, useTestApp, type TestApp } from '../helper';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const html = { accept: 'text/html,application/xhtml+xml' };

/** A fake FLOTILLA_STATIC_DIR with a shell build and two remote builds. */
const staticDir = await mkdtemp(join(tmpdir(), 'flotilla-web-'));
const files: Record<string, string> = {
  'shell/dist/index.html': '<html>shell</html>',
  'shell/dist/main.1a2b3c4d.js': 'console.log("shell")',
  'shell/dist/main.1a2b3c4d.css': 'body{}',
  'shell/dist/vendor.0a1b2c3d.js': `/* a large script */\n${'export const value = 42;\n'.repeat(400)}`,
  'shell/dist/favicon.ico': 'icon',
  'remotes/robots/dist/mf-manifest.json': '{}',
  'remotes/robots/dist/remoteEntry.js': 'var robots',
  'remotes/robots/dist/__federation_expose_App.4d328baa.js': 'app',
  'remotes/chat/dist/index.html': '<html>chat</html>',
};
for (const [path, content] of Object.entries(files)) {
  await mkdir(dirname(join(staticDir, path)), { recursive: true });
  await writeFile(join(staticDir, path), content);
}

const t = useTestApp({ config: { staticDir } });

describe('hosting the builds', () => {
  it('serves the shell at / without caching its index.html', async () => {
    const res = await t.get('/', { headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('<html>shell</html>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('caches hashed assets for a year; other files are revalidated', async () => {
    for (const path of [
      '/main.1a2b3c4d.js',
      '/main.1a2b3c4d.css',
      '/remotes/robots/__federation_expose_App.4d328baa.js',
    ]) {
      const res = await t.get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe(IMMUTABLE);
    }
    for (const path of ['/remotes/robots/remoteEntry.js', '/remotes/robots/mf-manifest.json', '/favicon.ico']) {
      const res = await t.get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-cache');
    }
  });

  it('sends large scripts gzipped to browsers that accept it', async () => {
    const res = await t.get('/vendor.0a1b2c3d.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBeLessThan(files['shell/dist/vendor.0a1b2c3d.js'].length / 5);
    const plain = await t.get('/vendor.0a1b2c3d.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it("answers the console's client-side routes with the shell's index.html", async () => {
    for (const path of ['/robot', '/dataset/abc/detail', '/login?redirect=robot']) {
      const res = await t.get(path, { headers: html });
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toBe('<html>shell</html>');
    }
  });

  it("answers the public chat paths with the chat remote's own page", async () => {
    for (const path of ['/chat', '/chat/some-share', '/f/1', '/r/abc', '/p/chat']) {
      const res = await t.get(path, { headers: html });
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toBe('<html>chat</html>');
      expect(res.headers['cache-control'], path).toBe('no-cache');
    }
  });

  it('answers 404 JSON for missing files, unknown remotes and API paths', async () => {
    for (const [path, headers] of [
      ['/missing.1a2b3c4d.js', {}],
      ['/remotes/robots/missing.js', html],
      ['/remotes/not-a-remote/remoteEntry.js', {}],
      ['/remotes/datasets/remoteEntry.js', {}],
      ['/v1/nothing-here', html],
    ] as const) {
      const res = await t.get(path, { headers });
      expect(res.statusCode, path).toBe(404);
      expect(res.json().code, path).toBe('NOT_FOUND');
    }
  });

  it('does not serve files outside the builds', async () => {
    for (const path of [
      '/remotes/robots/../../../shell/dist/index.html',
      '/remotes/robots/..%2f..%2f..%2fshell%2fdist%2findex.html',
      '/..%2f..%2fremotes%2frobots%2fdist%2fmf-manifest.json',
    ]) {
      const res = await t.get(path);
      expect(res.body, path).not.toContain('<html>shell</html>');
      expect(res.body, path).not.toBe('{}');
    }
  });
});

describe('without builds', () => {
  let bare: TestApp & { close: () => Promise<void> };
  beforeAll(async () => {
    bare = await createTestApp();
    return () => bare.close();
  });

  it('answers / with a page saying to run pnpm build', async () => {
    const res = await bare.get('/', { headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('pnpm build');
  });

  it('still answers the chat paths and the API', async () => {
    expect((await bare.get('/chat/x', { headers: html })).body).toContain('pnpm build');
    expect((await bare.get('/healthz')).statusCode).toBe(200);
    expect((await bare.get('/remotes/robots/remoteEntry.js')).statusCode).toBe(404);
  });
});
