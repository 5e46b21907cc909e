import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REMOTE_NAMES } from '@flotilla/shared/contracts';
import { createTestApp, useTestApp } from '../helper';

const t = useTestApp({ config: { version: '9.9.9' } });

describe('service files', () => {
  it('GET /healthz checks the database', async () => {
    const res = await t.get('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite' });
  });

  it('GET /version.json answers version and build time, never cached', async () => {
    const res = await t.get('/version.json');
    expect(res.json()).toEqual({ version: '9.9.9', buildTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(res.headers['cache-control']).toContain('no-cache');
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it('GET /remotes.json points at each remote under /remotes/, not cached', async () => {
    const res = await t.get('/remotes.json');
    expect(res.headers['cache-control']).toBe('no-cache');
    const remotes = res.json();
    expect(Object.keys(remotes).sort()).toEqual([...REMOTE_NAMES].sort());
    expect(remotes.robots).toEqual({ entry: '/remotes/robots/mf-manifest.json', version: 'unbuilt' });
  });
});

describe('remotes.json variants', () => {
  it("takes a built remote's version from its manifest", async () => {
    const staticDir = await mkdtemp(join(tmpdir(), 'flotilla-remotes-'));
    await mkdir(join(staticDir, 'remotes', 'chat', 'dist'), { recursive: true });
    await writeFile(
      join(staticDir, 'remotes', 'chat', 'dist', 'mf-manifest.json'),
      JSON.stringify({ metaData: { buildInfo: { buildVersion: '1.2.3' } } }),
    );
    const app = await createTestApp({ config: { staticDir } });
    try {
      expect((await app.get('/remotes.json')).json().chat.version).toMatch(/^1\.2\.3\+[0-9a-f]{8}$/);
    } finally {
      await app.close();
    }
  });

  it('points at the rspack dev servers in development', async () => {
    const app = await createTestApp({ config: { devRemotes: true } });
    try {
      const remotes = (await app.get('/remotes.json')).json();
      expect(remotes.robots.entry).toBe('http://localhost:3001/mf-manifest.json');
      expect(remotes.chat.entry).toBe('http://localhost:3005/mf-manifest.json');
    } finally {
      await app.close();
    }
  });

  it('serves the FLOTILLA_REMOTES file when one is configured', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flotilla-remotes-file-'));
    const file = join(dir, 'remotes.json');
    const content = { robots: { entry: 'https://cdn.example.com/robots/v7/mf-manifest.json', version: '7.0.0' } };
    await writeFile(file, JSON.stringify(content));
    const app = await createTestApp({ config: { remotesFile: file } });
    try {
      expect((await app.get('/remotes.json')).json()).toEqual(content);
    } finally {
      await app.close();
    }
  });
});

describe('GET /docs/json', () => {
  it('declares the routes, with the bearer scheme on those that need a login', async () => {
    const res = await t.get('/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const path of [
      '/v1/login',
      '/v1/logout',
      '/api/user/menu',
      '/v1/processes',
      '/v1/processes/{processId}',
      '/v1/datasets/{id}',
      '/v1/case',
      '/v1/users/list',
      '/v1/users/{id}/freeze',
      '/v1/tenants',
      '/v1/share/info',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(doc.paths['/v1/processes'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/v1/share/info'].get.security).toBeUndefined();
    expect(doc.paths['/v1/login'].post.summary).toEqual(expect.any(String));
    expect(doc.paths['/v1/processes'].post.responses).toHaveProperty('422');
    // Static hosting routes stay out of the API document.
    expect(doc.paths).not.toHaveProperty(['/*']);
  });
});
