// `pnpm test`: every suite of the workspace in one vitest run — unit (shared, shell, remotes),
// server on SQLite and on PostgreSQL, and browser tests (e2e/) — closed by one summary line.
// Timeouts are ceilings for a loaded machine, not waits: every test waits for a condition.
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';
import { prepareChromium, prepareOptionalSuites, preparePostgres } from './tools/test/optional-suites.ts';
import { countResults, summaryLine } from './tools/test/summary.ts';

const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** Ends the run with "Flotilla: N passed, N failed, N skipped" alone on the last line, after what was left out. */
class SummaryLine implements Reporter {
  constructor(private readonly leftOut: string | null) {}

  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>) {
    if (this.leftOut) console.log(`\n${this.leftOut}`);
    console.log(`\n${summaryLine(countResults(modules, unhandledErrors.length))}`);
  }
}

type ProjectOptions = Omit<NonNullable<TestProjectInlineConfiguration['test']>, 'name' | 'include'>;

// `expect.poll` gives up after one second by default; it polls for a condition, so a long ceiling is free.
const pollCeiling = { poll: { timeout: 30000 } };

// Semi rendering in happy-dom is slow on a busy machine; 30 s is a ceiling no passing test comes near.
const browserLike: ProjectOptions = {
  environment: 'happy-dom',
  setupFiles: ['./shared/test/setup-dom.ts', './shared/test/setup-waits.ts'],
  testTimeout: 30000,
  hookTimeout: 30000,
  expect: pollCeiling,
};

// Each server test file boots an app (migrations, an admin whose password is hashed with scrypt).
const serverLike: ProjectOptions = { environment: 'node', testTimeout: 30000, hookTimeout: 60000, expect: pollCeiling };

export default defineConfig(async () => {
  const optional = await prepareOptionalSuites(
    [
      { project: 'server-postgres', title: 'the PostgreSQL server suite', prepare: () => preparePostgres(PG_URL) },
      { project: 'e2e', title: 'the browser suite (e2e)', prepare: prepareChromium },
    ],
    process.argv,
    process.env.CI === 'true',
  );
  const unlessLeftOut = (config: TestProjectInlineConfiguration & { test: { name: string } }) =>
    optional.leftOut.has(config.test.name) ? [] : [config];
  const projects: TestProjectInlineConfiguration[] = [
    { extends: true, test: { name: 'shared', include: ['shared/src/**/*.test.{ts,tsx}'], ...browserLike } },
    { extends: true, test: { name: 'shell', include: ['shell/src/**/*.test.{ts,tsx}'], ...browserLike } },
    { extends: true, test: { name: 'remotes', include: ['remotes/*/src/**/*.test.{ts,tsx}'], ...browserLike } },
    { extends: true, test: { name: 'tools', include: ['tools/**/*.test.ts'], environment: 'node' } },
    // SQLite: TEST_DATABASE_URL (set for the run by .ci/run) emptied, or this suite would run on PostgreSQL too.
    // `*.sqlite.test.ts`: what only SQLite has (FTS5's own ranking), left out of the PostgreSQL suite.
    {
      extends: true,
      test: { name: 'server', include: ['server/test/**/*.test.ts'], ...serverLike, env: { TEST_DATABASE_URL: '' } },
    },
    ...unlessLeftOut({
      extends: true,
      test: {
        name: 'server-postgres',
        include: ['server/test/**/*.test.ts'],
        exclude: ['server/test/**/*.sqlite.test.ts'],
        ...serverLike,
        env: { TEST_DATABASE_URL: PG_URL },
      },
    }),
    ...unlessLeftOut({
      extends: true,
      test: {
        name: 'e2e',
        include: ['e2e/tests/**/*.test.ts'],
        environment: 'node',
        globalSetup: ['./e2e/setup/global-setup.ts'],
        testTimeout: 90000,
        hookTimeout: 180000,
        expect: pollCeiling,
        fileParallelism: false,
      },
    }),
  ];
  return {
    test: {
      reporters: ['default', new SummaryLine(optional.line)],
      projects,
    },
  };
});
