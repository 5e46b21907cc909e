import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

/**
 * Ways a text can lean on a document that is not in the repository: a design note, numbered sections of
 * a specification, or a path on one machine. The rule belongs in the comment itself or in docs/.
 */
const OUTSIDE_REFERENCES: ReadonlyArray<{ what: string; pattern: RegExp }> = [
  { what: 'a design document', pattern: /\bDESIGN\.md\b/ },
  { what: 'a specification section', pattern: /\bspec(?:ification)?\s*§/i },
  { what: 'a numbered section', pattern: /§\s?\d/ },
  { what: 'a path outside the repository', pattern: /\/work\/shared\b/ },
];

/**
 * Files other changes are editing right now, each with the references it still holds; they leave this
 * list with those changes. A file listed here that no longer holds one fails the check, so the list
 * only shrinks.
 */
const BEING_EDITED: ReadonlySet<string> = new Set(['server/src/knowledge/split.ts']);

/** `line: text` for each line of `text` that refers outside the repository. */
function outsideReferences(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      OUTSIDE_REFERENCES.some(({ pattern }) => pattern.test(line)) ? [`${index + 1}: ${line.trim()}`] : [],
    );
}

/** Tracked files and new ones not ignored, as repository paths; never dependencies or builds. */
function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(listed.split('\0'))].filter((path) => path !== '' && !/(^|\/)(node_modules|dist)\//.test(path));
}

/** The file's text, or null for binary files and files listed but gone (deleted, not yet staged). */
function textOf(path: string): string | null {
  let bytes: Buffer;
  try {
    bytes = readFileSync(join(root, path));
  } catch {
    return null;
  }
  return bytes.subarray(0, 8000).includes(0) ? null : bytes.toString('utf8');
}

describe('the repository explains itself', () => {
  const files = repositoryFiles();
  const found = new Map<string, string[]>();
  for (const path of files) {
    const text = textOf(path);
    const lines = text === null ? [] : outsideReferences(text);
    if (lines.length > 0) found.set(path, lines);
  }

  it('no source or doc refers to a document outside the repository (say the rule, or point to docs/)', () => {
    expect(files.length).toBeGreaterThan(500);
    const offenders = [...found]
      .filter(([path]) => !BEING_EDITED.has(path))
      .flatMap(([path, lines]) => lines.map((line) => `${path}:${line}`));
    expect(offenders).toEqual([]);
  });

  it('lists as being edited only files that still hold such a reference (remove the others from the list)', () => {
    expect([...BEING_EDITED].filter((path) => !found.has(path))).toEqual([]);
  });

  it('recognises each form of outside reference, and leaves plain text alone', () => {
    const design = ['DESIGN', 'md'].join('.');
    const section = '§';
    expect(outsideReferences(`/** Roles (${design} ${section}5). */`)).toHaveLength(1);
    expect(outsideReferences(`// the guards of spec ${section}4–6`)).toHaveLength(1);
    expect(outsideReferences(`describe('error catalogue (specification ${section} 8)'`)).toHaveLength(1);
    expect(outsideReferences(`see ${section}9`)).toHaveLength(1);
    expect(outsideReferences(`read ${['', 'work', 'shared', 'STYLE.md'].join('/')}`)).toHaveLength(1);
    expect(
      outsideReferences(
        'first line\n/** Roles (docs/product-rules.md, Roles). */\nspec-coverage, @standard-schema/spec',
      ),
    ).toEqual([]);
  });
});
