// `pnpm lint`: the house rules a machine can check — which part may import which, no import cycles,
// React's hooks rules, effector's conventions — on top of TypeScript's recommended rules. Formatting is
// Prettier's (`pnpm format`), checked by `pnpm lint` too. See docs/architecture.md, "Parts".
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import effector from 'eslint-plugin-effector';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const REMOTES = ['robots', 'datasets', 'cases', 'users', 'chat'];

/** Import zones that fail the lint: `target` files may not import anything under `from`. */
const boundaries = [
  // A remote reaches another app only through the shell's federation runtime and `shared`.
  ...REMOTES.map((remote) => ({
    target: `./remotes/${remote}`,
    from: ['./shell', './server', ...REMOTES.filter((other) => other !== remote).map((other) => `./remotes/${other}`)],
    message: 'A remote imports only @flotilla/shared: never another remote, the shell or the server.',
  })),
  {
    target: './shell',
    from: ['./remotes', './server'],
    message: 'The shell loads remotes through the federation runtime only, and never imports the server.',
  },
  {
    target: './shared',
    from: ['./shell', './remotes', './server', './e2e'],
    message: 'shared is the bridge: it imports no app.',
  },
  {
    target: './server/src',
    from: ['./shared', './shell', './remotes'],
    except: ['./src/contracts', './src/flows'],
    message:
      'The server imports only @flotilla/shared/contracts (schemas and codes) and @flotilla/shared/flows (the checks of a flow), never browser code.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.vitest-results/**',
      'coverage/**',
      'e2e/.artifacts/**',
      'data/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['*/tsconfig.json', 'remotes/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Unused arguments named `_x` are deliberate (a signature kept for its callers).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: ['shell/**/*.{ts,tsx}', 'remotes/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['shell/src/**/*.{ts,tsx}', 'remotes/*/src/**/*.{ts,tsx}', 'shared/src/**/*.{ts,tsx}'],
    ...effector.flatConfigs.recommended,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
  {
    // Tests read and watch the stores they drive; the edges below read a store's current value outside
    // the graph by design: the HTTP client (the token and language of each call) and catalog loading.
    files: [
      '**/__tests__/**',
      'shared/src/http/client.ts',
      'shared/src/i18n/i18n.ts',
      'remotes/chat/src/standalone.tsx',
    ],
    rules: { 'effector/no-getState': 'off', 'effector/no-watch': 'off' },
  },
);
