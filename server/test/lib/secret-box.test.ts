import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keyFileKey, parseSecretKey, SecretBox } from '../../src/lib/secret-box';

const dirs: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'flotilla-secret-'));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('SecretBox', () => {
  it('opens what it sealed; the sealed text carries a version and never the secret', () => {
    const box = new SecretBox(randomBytes(32));
    const sealed = box.seal('pa55word');
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('pa55word');
    expect(box.seal('pa55word')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('pa55word');
  });

  it('refuses a text sealed under another key, changed, or of an unknown format', () => {
    const sealed = new SecretBox(randomBytes(32)).seal('secret');
    expect(() => new SecretBox(randomBytes(32)).open(sealed)).toThrow();
    const box = new SecretBox(randomBytes(32));
    const own = box.seal('secret');
    const [version, iv, tag, data] = own.split(':');
    const flipped = Buffer.from(data!, 'base64');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([version, iv, tag, flipped.toString('base64')].join(':'))).toThrow();
    expect(() => box.open(`v9:${iv}:${tag}:${data}`)).toThrow(/format/);
  });
});

describe('the server key', () => {
  it('FLOTILLA_SECRET_KEY takes 32 bytes as hex or base64 and refuses anything else', () => {
    const key = randomBytes(32);
    expect(parseSecretKey(key.toString('hex')).equals(key)).toBe(true);
    expect(parseSecretKey(key.toString('base64')).equals(key)).toBe(true);
    expect(() => parseSecretKey('short')).toThrow(/32 bytes/);
    expect(() => parseSecretKey(randomBytes(16).toString('hex'))).toThrow(/32 bytes/);
  });

  it('without one, a key file is made once under the data folder, private to the server, and kept', async () => {
    const dir = await tempDir();
    const first = await keyFileKey(dir);
    expect(first.length).toBe(32);
    expect((await stat(join(dir, 'secret.key'))).mode & 0o777).toBe(0o600);
    const again = await keyFileKey(dir);
    expect(again.equals(first)).toBe(true);
    expect(Buffer.from((await readFile(join(dir, 'secret.key'), 'utf8')).trim(), 'base64').equals(first)).toBe(true);
    const box = await SecretBox.load({ dataDir: dir });
    expect((await SecretBox.load({ dataDir: dir })).open(box.seal('kept'))).toBe('kept');
  });
});
