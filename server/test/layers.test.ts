import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers, lowest first (docs/server.md explains each). A file may import from its own layer and
 * the ones below, never from a layer above. The first layer whose pattern matches a path (relative to
 * server/src) holds the file.
 */
const LAYERS: ReadonlyArray<{ name: string; holds: RegExp }> = [
  { name: 'foundation', holds: /^(lib\/|config\.ts$)/ },
  { name: 'data', holds: /^db\// },
  { name: 'domain', holds: /^(knowledge|search|tts|sso)\// },
  { name: 'repositories', holds: /^plugins\/app\/([^/]+\/|repositories\.ts$)/ },
  { name: 'services', holds: /^(engine|jobs|databases|users|cases|sms)\// },
  { name: 'plugins', holds: /^plugins\// },
  { name: 'routes', holds: /^routes\// },
  { name: 'app', holds: /^app\.ts$/ },
  { name: 'entry', holds: /^(server|start)\.ts$/ },
];

/**
 * Upward imports that wait for their owner's next change, as `from -> to`. The test fails when one is gone,
 * so that the list only shrinks.
 */
const WAITING: string[] = [];

const src = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [relative(src, path)] : [];
  });
}

// `import … from './x'`, `export … from './x'`, `import './x'` and `import('./x')`; only relative ones stay inside src.
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*['"](\.[^'"]+)['"]|(?:^|\n)\s*import\s*['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function importsOf(file: string): string[] {
  const text = readFileSync(join(src, file), 'utf8');
  return [...text.matchAll(IMPORT)].map((match) => {
    const target = resolve(src, dirname(file), (match[1] ?? match[2] ?? match[3]) as string);
    const path =
      [target, `${target}.ts`, join(target, 'index.ts')].find(
        (candidate) => candidate.endsWith('.ts') && existsSync(candidate),
      ) ?? target;
    return relative(src, path);
  });
}

function layerOf(file: string): number {
  return LAYERS.findIndex((layer) => layer.holds.test(file));
}

function upwardImports(files: string[]): string[] {
  return files.flatMap((file) =>
    importsOf(file)
      .filter((target) => !target.startsWith('..') && layerOf(target) > layerOf(file))
      .map((target) => `${file} -> ${target}`),
  );
}

describe('server layers', () => {
  const files = sourceFiles(src);

  it('puts every source file in a layer', () => {
    expect(files.filter((file) => layerOf(file) === -1)).toEqual([]);
  });

  it('has no file importing from a layer above its own', () => {
    const upward = upwardImports(files);
    expect(upward.filter((edge) => !WAITING.includes(edge))).toEqual([]);
    expect(
      WAITING.filter((edge) => !upward.includes(edge)),
      'fixed: remove them from WAITING',
    ).toEqual([]);
  });
});
