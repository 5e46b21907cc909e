import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helper';

const html = { accept: 'text/html,application/xhtml+xml' };

/** A fake FLOTILLA_STATIC_DIR with the console, its login page, its register page and a console script. */
const staticDir = await mkdtemp(join(tmpdir(), 'flotilla-register-page-'));
const files: Record<string, string> = {
  'shell/dist/index.html': '<html><body>console</body></html>',
  'shell/dist/login.html': '<html><body>login form</body></html>',
  'shell/dist/register.html': '<html><body>register form</body></html>',
  'shell/dist/main.1234abcd.js': '',
  'shell/dist/register.1234abcd.js': '',
};
for (const [path, content] of Object.entries(files)) {
  await mkdir(dirname(join(staticDir, path)), { recursive: true });
  await writeFile(join(staticDir, path), content);
}

const t = useTestApp({ config: { staticDir } });

describe('the register page', () => {
  it('answers /register (with its ?ref=) with its own light page, under the login page’s policy', async () => {
    for (const path of ['/register', '/register?ref=ABCD2345']) {
      const res = await t.get(path, { headers: html });
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toMatch(/^<html><body>register form/);
      expect(res.headers['cache-control'], path).toBe('no-cache');
      expect(res.headers['content-security-policy'], path).toContain("script-src 'self'");
    }
    expect((await t.get('/login', { headers: html })).body).toMatch(/^<html><body>login form/);
  });

  it("lists the console's files to prefetch, never the light pages' own", async () => {
    const { body } = await t.get('/register', { headers: html });
    const assets = /<script type="application\/json" id="console-assets">(.*?)<\/script>/.exec(body)?.[1];
    expect(JSON.parse(assets ?? 'null')).toEqual(['/main.1234abcd.js']);
  });
});
