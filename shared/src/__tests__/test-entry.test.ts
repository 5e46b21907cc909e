import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');

/** Source files of an app that ship: tests, fakes and test helpers left out. */
function shippedSources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return ['__tests__', 'test', 'test-utils', 'node_modules'].includes(entry.name) ? [] : shippedSources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('@flotilla/shared/test', () => {
  it('is imported by tests only, never by code that ships', () => {
    const remotes = readdirSync(join(root, 'remotes')).map((name) => join(root, 'remotes', name, 'src'));
    const files = [join(root, 'shared', 'src'), join(root, 'shell', 'src'), ...remotes].flatMap(shippedSources);
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.filter((file) =>
      /from ['"](@flotilla\/shared\/test|(\.\.\/)+test)['"/]/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders.map((file) => relative(root, file))).toEqual([]);
  });
});
