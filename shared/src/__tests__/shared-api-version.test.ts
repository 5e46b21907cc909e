import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { requireSharedApi, SHARED_API_VERSION, SHARED_TOO_OLD } from '../version';

const root = join(import.meta.dirname, '..', '..', '..');

describe('a remote refuses to start on an older shared', () => {
  it('passes when the console provides this version or a newer one', () => {
    expect(() => requireSharedApi({ SHARED_API_VERSION })).not.toThrow();
    expect(() => requireSharedApi({ SHARED_API_VERSION: SHARED_API_VERSION + 1 })).not.toThrow();
  });

  it('fails with its code when the console provides an older shared, or one that predates the version', () => {
    expect(() => requireSharedApi({ SHARED_API_VERSION: SHARED_API_VERSION - 1 })).toThrow(
      new RegExp(
        `^${SHARED_TOO_OLD}: .*built for shared API ${SHARED_API_VERSION}, but the console provides ${SHARED_API_VERSION - 1}`,
      ),
    );
    expect(() => requireSharedApi({})).toThrow(new RegExp(`^${SHARED_TOO_OLD}: .*provides an older one`));
  });

  it('is checked first by every module a remote exposes, before anything else of it runs', () => {
    const exposed = readdirSync(join(root, 'remotes')).flatMap((remote) => {
      const dir = join(root, 'remotes', remote, 'src', 'expose');
      return readdirSync(dir)
        .filter((file) => file.endsWith('.tsx'))
        .map((file) => join(dir, file));
    });
    expect(exposed.length).toBeGreaterThanOrEqual(6);
    const unchecked = exposed.filter((file) => !readFileSync(file, 'utf8').startsWith("import './shared-api-check';"));
    expect(unchecked).toEqual([]);
  });
});
