import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
/** The one place allowed to import Semi: `@flotilla/shared/ui/semi` and the shared compositions beside it. */
const semiGateway = join(root, 'shared', 'src', 'ui') + sep;

/** Every TypeScript file of an app's source, tests included. */
function sources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** A module specifier of `@douyinfe/semi-ui` or `@douyinfe/semi-icons` in an import, export, dynamic import or mock. */
const SEMI_IMPORT =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\s*\(\s*)(['"])(@douyinfe\/semi-(?:ui|icons)(?:\/[^'"]*)?)\1/g;

/** `file:line  specifier` for each direct Semi import in `text`. */
function directSemiImports(file: string, text: string): string[] {
  return [...text.matchAll(SEMI_IMPORT)].map(
    (match) => `${file}:${text.slice(0, match.index).split('\n').length}  ${match[2]}`,
  );
}

describe('Semi reaches the apps only through @flotilla/shared/ui/semi', () => {
  it('no file of the shell, the remotes or shared outside shared/src/ui imports @douyinfe/semi-ui or @douyinfe/semi-icons', () => {
    const remotes = readdirSync(join(root, 'remotes')).map((name) => join(root, 'remotes', name, 'src'));
    const files = [join(root, 'shell', 'src'), join(root, 'shared', 'src'), join(root, 'shared', 'test'), ...remotes]
      .flatMap(sources)
      .filter(
        (file) =>
          file !== import.meta.filename && !(file.startsWith(semiGateway) && !file.includes(`${sep}__tests__${sep}`)),
      );
    expect(files.length).toBeGreaterThan(100);
    // Importing Semi directly would bundle a second copy of its components into that app, outside the
    // shared singleton (and outside the locale and theme it provides); import from `@flotilla/shared/ui/semi`.
    const offenders = files.flatMap((file) => directSemiImports(relative(root, file), readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('recognises every form of import, so the check above cannot miss one', () => {
    const text = [
      "import { Button } from '@douyinfe/semi-ui';",
      "import type { ColumnProps } from '@douyinfe/semi-ui/lib/es/table';",
      'import { IconPlus } from "@douyinfe/semi-icons";',
      "export { Tag } from '@douyinfe/semi-ui';",
      "const { Toast } = await import('@douyinfe/semi-ui');",
      "import '@douyinfe/semi-ui/lib/es/_base/base.css';",
      "vi.mock('@douyinfe/semi-ui', () => ({}));",
      "import { Button } from '@flotilla/shared/ui/semi';",
      "import { IllustrationFailure } from '@douyinfe/semi-illustrations';",
    ].join('\n');
    expect(directSemiImports('x.tsx', text)).toEqual([
      'x.tsx:1  @douyinfe/semi-ui',
      'x.tsx:2  @douyinfe/semi-ui/lib/es/table',
      'x.tsx:3  @douyinfe/semi-icons',
      'x.tsx:4  @douyinfe/semi-ui',
      'x.tsx:5  @douyinfe/semi-ui',
      'x.tsx:6  @douyinfe/semi-ui/lib/es/_base/base.css',
      'x.tsx:7  @douyinfe/semi-ui',
    ]);
  });
});

describe("Semi's Form stays out of the first screen", () => {
  const gateway = (name: string) => readFileSync(join(semiGateway, name), 'utf8');
  /** Every Semi module a gateway imports or re-exports. */
  const semiModules = (text: string) => [...text.matchAll(SEMI_IMPORT)].map((match) => match[2]);

  it("the list-screen module does not import Semi's Form, which brings every field type with it", () => {
    expect(semiModules(gateway('semi.ts')).filter((path) => /\/form(\/|$)/.test(path))).toEqual([]);
    expect(semiModules(gateway('semi-forms.ts'))).toContain('@douyinfe/semi-ui/lib/es/form');
  });

  it('both modules are shared singletons, and the shell provides the forms one without loading it up front', () => {
    const sharedConfig = readFileSync(join(root, 'shared', 'build', 'rspack.mjs'), 'utf8');
    expect(sharedConfig).toContain("'@flotilla/shared/ui/semi': { singleton: true");
    expect(sharedConfig).toContain("'@flotilla/shared/ui/semi-forms': { singleton: true");
    const shellImports = sources(join(root, 'shell', 'src'))
      .filter((file) => !file.includes(`${sep}__tests__${sep}`))
      .map((file) => readFileSync(file, 'utf8'));
    expect(shellImports.some((text) => text.includes("import('@flotilla/shared/ui/semi-forms')"))).toBe(true);
    expect(shellImports.some((text) => /from '@flotilla\/shared\/ui\/semi-forms'/.test(text))).toBe(false);
  });
});
