// Test-only: reached through `@flotilla/shared/test`, never from application code (a test checks it).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { i18n, loadCatalogs, type Catalogs, type Locale } from '../src';

/** Folders whose files are no application source: their message ids do not count as used. */
const NOT_SOURCE = new Set(['__tests__', 'locales', 'test', 'test-utils', 'node_modules']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return NOT_SOURCE.has(entry.name) ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * The message ids with `prefix` that the source under `srcDir` writes as string literals
 * (`'robots.list.title'`), tests, fakes and catalogs left out.
 */
export function messageIdsInSource(srcDir: string, prefix: string): Set<string> {
  const literal = new RegExp(`['\`](${prefix.replace(/\./g, '\\.')}\\.[\\w.]+)['\`]`, 'g');
  return new Set(
    sourceFiles(srcDir).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(literal)].map((match) => match[1])),
  );
}

/** The argument names of an ICU message, sorted, also those inside plural and select branches. */
export function messageArguments(message: string): string[] {
  const names = new Set<string>();
  // Compiled, a message is text or a list of parts; a part is text or an argument
  // `[name, type?, branches?]`, whose branches are messages again.
  const visitMessage = (compiled: unknown): void => {
    if (!Array.isArray(compiled)) return;
    for (const part of compiled) {
      if (!Array.isArray(part)) continue;
      if (typeof part[0] === 'string') names.add(part[0]);
      const branches: unknown = part[2];
      if (branches && typeof branches === 'object') Object.values(branches).forEach(visitMessage);
    }
  };
  visitMessage(compileMessage(message));
  return [...names].sort();
}

/** One message rendered in both languages, to see the catalogs compile and really differ. */
export type CatalogSample = { id: string; values?: Record<string, unknown> } & Record<Locale, string>;

/** What {@link describeCatalogs} checks an app's catalogs against. */
export type CatalogCheck = {
  /** The app's messages in both languages. */
  catalogs: Catalogs;
  /** The app's `src` folder, searched for the ids it uses. */
  srcDir: string;
  /** At least this many ids must be found in the source (guards against a search that finds nothing). */
  minUsedIds: number;
  /** A message to render in both languages. */
  sample?: CatalogSample;
  /** Ids the source builds from values (`users.role.${role}`), which a literal search cannot find. */
  builtIds?: readonly string[];
};

/**
 * The checks every app's catalogs pass (STYLE.md, i18n): both languages hold the same ids, all
 * prefixed with `prefix` and none empty, with the same ICU placeholders; they compile; and every id
 * the source uses is translated.
 */
export function describeCatalogs(
  prefix: string,
  { catalogs, srcDir, minUsedIds, sample, builtIds = [] }: CatalogCheck,
): void {
  describe(`${prefix} catalogs`, () => {
    it('hold the same ids in both languages, none empty, all prefixed', () => {
      const en = Object.keys(catalogs['en-US']).sort();
      expect(Object.keys(catalogs['zh-CN']).sort()).toEqual(en);
      for (const id of en) expect(id.startsWith(`${prefix}.`), id).toBe(true);
      for (const catalog of Object.values(catalogs)) {
        for (const [id, text] of Object.entries(catalog)) expect(text.trim(), id).not.toBe('');
      }
    });

    it('keep the same ICU placeholders in both languages', () => {
      for (const [id, text] of Object.entries(catalogs['en-US']))
        expect(messageArguments(catalogs['zh-CN'][id] ?? ''), id).toEqual(messageArguments(text));
    });

    it('compile as ICU messages and differ between the languages', () => {
      expect(() => loadCatalogs(catalogs)).not.toThrow();
      if (!sample) return;
      i18n.activate('zh-CN');
      const zh = i18n._(sample.id, sample.values);
      i18n.activate('en-US');
      expect(i18n._(sample.id, sample.values)).toBe(sample['en-US']);
      expect(zh).toBe(sample['zh-CN']);
    });

    it('translate every id the source uses', () => {
      const used = messageIdsInSource(srcDir, prefix);
      expect(used.size).toBeGreaterThan(minUsedIds);
      for (const id of [...used, ...builtIds]) expect(catalogs['en-US'], id).toHaveProperty([id]);
    });
  });
}
