import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../server/test/support/free-port';
import { missingBuilds, ROOT } from './paths';

export const ADMIN = { username: 'admin', password: 'e2e-admin-password' } as const;

export type RunningServer = { url: string; dataDir: string; stop: () => Promise<void> };

/** Runs `pnpm build` when a build the browser needs is missing. */
export function ensureBuilds(): void {
  const missing = missingBuilds();
  if (missing.length === 0) return;
  console.log(`[e2e] building: ${missing.join(', ')} missing`);
  const result = spawnSync('pnpm', ['build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('pnpm build failed');
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server at ${url} not healthy within ${timeoutMs} ms`);
}

/** Starts the real server (SQLite in a fresh temporary folder) serving the real builds; `nodeArgs` go to its Node (a profiler's, say). */
export async function startServer(env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'flotilla-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', join(ROOT, 'server', 'src', 'server.ts')], {
    cwd: join(ROOT, 'server'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      FLOTILLA_DATA_DIR: dataDir,
      FLOTILLA_ADMIN_USER: ADMIN.username,
      FLOTILLA_ADMIN_PASSWORD: ADMIN.password,
      FLOTILLA_STATIC_DIR: ROOT,
      FLOTILLA_LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // A ceiling, not a wait: the server compiles its TypeScript (tsx) and migrates before it answers.
  await waitForHealth(url, child, 120000);
  return {
    url,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
