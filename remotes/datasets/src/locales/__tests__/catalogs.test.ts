import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { i18n, loadCatalogs } from '@flotilla/shared';
import { describe, expect, it } from 'vitest';
import { catalogs } from '..';

const srcDir = join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' || entry.name === 'locales' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('datasets catalogs', () => {
  it('hold the same ids in both languages, none empty, all prefixed', () => {
    const zh = Object.keys(catalogs['zh-CN']).sort();
    const en = Object.keys(catalogs['en-US']).sort();
    expect(zh).toEqual(en);
    for (const id of en) expect(id.startsWith('datasets.')).toBe(true);
    for (const catalog of Object.values(catalogs)) {
      for (const [id, text] of Object.entries(catalog)) {
        expect(text.trim(), id).not.toBe('');
      }
    }
  });

  it('compile as ICU messages and differ between the languages', () => {
    expect(() => loadCatalogs(catalogs)).not.toThrow();
    i18n.activate('zh-CN');
    const zh = i18n._('datasets.list.total', { count: 2 });
    i18n.activate('en-US');
    expect(i18n._('datasets.list.total', { count: 2 })).toBe('2 datasets');
    expect(zh).toBe('共 2 个知识库');
  });

  it('translate every id the pages use', () => {
    const used = new Set(sourceFiles(srcDir).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/'(datasets\.[\w.]+)'/g)].map((m) => m[1]!)));
    expect(used.size).toBeGreaterThan(20);
    for (const id of used) expect(catalogs['en-US'], id).toHaveProperty([id]);
  });
});
