import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');

/** Folders holding tests and their helpers, which may define as many little components as they need. */
const TEST_FOLDERS = new Set(['__tests__', 'test-utils', 'node_modules']);

/** Every .tsx file under `dir`, test folders left out. */
function componentFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return TEST_FOLDERS.has(entry.name) ? [] : componentFiles(path);
    return entry.name.endsWith('.tsx') ? [path] : [];
  });
}

/** `RobotList`, `QAImport`; not a constant's `COLUMNS` or `MAX_SIZE`. */
const PASCAL_CASE = /^[A-Z](?![A-Z0-9_]*$)[A-Za-z0-9]*$/;

/**
 * `const X = () => …`, `function () {…}`, or a body wrapped in `memo(…)` / `forwardRef(…)`. A `lazy(…)` is
 * not counted: it declares no component, only where one is loaded from (another file).
 */
function isComponentValue(value: ts.Expression | undefined): boolean {
  if (!value) return false;
  if (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) return true;
  if (!ts.isCallExpression(value)) return false;
  const callee = value.expression;
  const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : '';
  return ['memo', 'forwardRef'].includes(name);
}

/** The PascalCase functions and function-valued consts declared at the top level of a module, exported or not. */
function topLevelComponents(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  return source.statements.flatMap((statement) => {
    if (ts.isFunctionDeclaration(statement)) {
      const name = statement.name?.text;
      return name && PASCAL_CASE.test(name) ? [name] : [];
    }
    if (ts.isVariableStatement(statement)) {
      return statement.declarationList.declarations.flatMap((declaration) =>
        ts.isIdentifier(declaration.name) &&
        PASCAL_CASE.test(declaration.name.text) &&
        isComponentValue(declaration.initializer)
          ? [declaration.name.text]
          : [],
      );
    }
    return [];
  });
}

describe('one React component per file', () => {
  it('no .tsx file of the shell, shared or the remotes (tests aside) declares more than one component', () => {
    const remotes = readdirSync(join(root, 'remotes')).map((name) => join(root, 'remotes', name, 'src'));
    const files = [join(root, 'shell', 'src'), join(root, 'shared', 'src'), ...remotes].flatMap(componentFiles);
    expect(files.length).toBeGreaterThan(50);
    // A file holding several components hides its parts: each gets its own file, named after it.
    const crowded = files.flatMap((file) => {
      const components = topLevelComponents(file, readFileSync(file, 'utf8'));
      return components.length > 1 ? [`${relative(root, file)}: ${components.join(', ')}`] : [];
    });
    expect(crowded).toEqual([]);
  });

  it('counts every way a component is declared, and nothing else', () => {
    const text = [
      'export function Page() { return <div />; }',
      'function Row() { return <li />; }',
      'export default function Dialog() { return null; }',
      'const Arrow = () => <span />;',
      'export const Wrapped = memo(function Inner() { return null; });',
      'const Ref = React.forwardRef(() => null);',
      'const Lazy = lazy(() => import("./x"));',
      'const Expression = function () { return null; };',
      'function renderCell() { return <td />; }',
      'function useThing() { return 1; }',
      'const COLUMNS = [];',
      'const Schema = Type.Object({});',
      'type Props = { a: string };',
      'function Outer() { function Nested() { return null; } return <Nested />; }',
    ].join('\n');
    expect(topLevelComponents('x.tsx', text)).toEqual([
      'Page',
      'Row',
      'Dialog',
      'Arrow',
      'Wrapped',
      'Ref',
      'Expression',
      'Outer',
    ]);
  });
});
