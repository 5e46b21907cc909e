import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/src/app';
import { loadConfig, type Config } from '../../server/src/config';
import { ROOT } from './paths';
import { ADMIN } from './server';

/** A console started in the test's own process, on a port of its own, with a data folder of its own. */
export type InProcessConsole = { baseUrl: string; close(): Promise<void> };

/**
 * A console serving the built pages with `config` over the defaults: for tests whose configuration the shared
 * e2e server cannot have (a provider on loopback, login brands). Its admin is the shared server's.
 */
export async function startInProcessConsole(config: Partial<Config>): Promise<InProcessConsole> {
  const dataDir = mkdtempSync(join(tmpdir(), 'flotilla-e2e-console-'));
  const app = await buildApp({
    ...loadConfig({}),
    logLevel: 'warn',
    adminUser: ADMIN.username,
    adminPassword: ADMIN.password,
    dataDir,
    staticDir: ROOT,
    ...config,
  });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    baseUrl,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
