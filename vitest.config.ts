// `pnpm test`: every suite of the workspace in one vitest run — unit (shared, shell, remotes),
// server on SQLite and on PostgreSQL, and browser tests (e2e/) — closed by one summary line.
import { connect } from 'node:net';
import { defineConfig } from 'vitest/config';
import type { Reporter, TestModule } from 'vitest/node';

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 5432), timeout: 1000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

/** Prints "Flotilla: N passed, N failed, N skipped" alone on a line, the summary CI reads. */
class SummaryLine implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const count = { passed: 0, failed: 0, skipped: 0 };
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') count.passed++;
        else if (state === 'failed') count.failed++;
        else count.skipped++;
      }
      // A file that failed to load counts as a failure even though it ran no test.
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) count.failed++;
    }
    console.log(`\nFlotilla: ${count.passed} passed, ${count.failed} failed, ${count.skipped} skipped`);
  }
}

const browserLike = {
  environment: 'happy-dom',
  setupFiles: ['./shared/test/setup-dom.ts'],
};

export default defineConfig(async () => {
  const withPostgres = process.env.CI === 'true' || (await reachable(PG_URL));
  if (!withPostgres) {
    console.log(`\n!!! SKIPPED: the PostgreSQL server suite — nothing listens at ${PG_URL}. It runs in CI. !!!\n`);
  }
  return {
    test: {
      reporters: ['default', new SummaryLine()],
      projects: [
        { extends: true, test: { name: 'shared', include: ['shared/src/**/*.test.{ts,tsx}'], ...browserLike } },
        { extends: true, test: { name: 'shell', include: ['shell/src/**/*.test.{ts,tsx}'], ...browserLike } },
        { extends: true, test: { name: 'remotes', include: ['remotes/*/src/**/*.test.{ts,tsx}'], ...browserLike } },
        // SQLite: TEST_DATABASE_URL (set for the run by .ci/run) emptied, or this suite would run on PostgreSQL too.
        // `*.sqlite.test.ts`: what only SQLite has (FTS5's own ranking), left out of the PostgreSQL suite.
        { extends: true, test: { name: 'server', include: ['server/test/**/*.test.ts'], environment: 'node', testTimeout: 20000, env: { TEST_DATABASE_URL: '' } } },
        ...(withPostgres
          ? [{ extends: true, test: { name: 'server-postgres', include: ['server/test/**/*.test.ts'], exclude: ['server/test/**/*.sqlite.test.ts'], environment: 'node', testTimeout: 20000, env: { TEST_DATABASE_URL: PG_URL } } }]
          : []),
        {
          extends: true,
          test: {
            name: 'e2e',
            include: ['e2e/tests/**/*.test.ts'],
            environment: 'node',
            globalSetup: ['./e2e/setup/global-setup.ts'],
            testTimeout: 60000,
            hookTimeout: 180000,
            fileParallelism: false,
          },
        },
      ],
    },
  };
});
