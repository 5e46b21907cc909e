import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './support/free-port';

/**
 * What a person sees in the terminal when the server starts for the first time and the console is used:
 * the first admin's credentials, one plain line with the address to open, and no line per request.
 * SQLite only: the output does not depend on the database.
 */

const SERVER_DIR = resolve(import.meta.dirname, '..');
const dataDirs: string[] = [];

afterEach(async () => {
  await Promise.all(dataDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/**
 * Starts `src/server.ts` on fresh data (no admin password: the first start makes one up), waits for its
 * address line, makes `requests`, stops it and answers everything it wrote.
 */
async function runServer(
  env: Record<string, string>,
  requests: (url: string) => Promise<unknown>,
): Promise<{ url: string; output: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'flotilla-start-'));
  dataDirs.push(dataDir);
  const port = await freePort();
  const { FLOTILLA_LOG_LEVEL: _level, FLOTILLA_ADMIN_PASSWORD: _password, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      FLOTILLA_DATA_DIR: dataDir,
      FLOTILLA_STATIC_DIR: dataDir,
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((done) => child.once('exit', done));
  try {
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60_000;
    while (!output.includes('Flotilla is running: open ')) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
      if (Date.now() > deadline) throw new Error(`no address line within 60 s:\n${output}`);
      await sleep(50);
    }
    await requests(url);
    return { url, output: await stop() };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }

  // SIGTERM closes the server, which logs it last: once the process is gone, every line is in.
  async function stop(): Promise<string> {
    child.kill('SIGTERM');
    await exited;
    return output;
  }
}

/** What the console does on its first screens: pages, the API logged in and not, a missing file. */
async function useConsole(url: string): Promise<void> {
  for (let i = 0; i < 10; i++) {
    await fetch(`${url}/healthz`);
    await fetch(`${url}/robot`, { headers: { accept: 'text/html' } });
    await fetch(`${url}/v1/processes`);
    await fetch(`${url}/no-such-file.js`);
  }
}

describe('pnpm start, first run', () => {
  it('prints the credentials and one plain line with the address to open, and no line per request', async () => {
    const { url, output } = await runServer({}, useConsole);
    const lines = output.split('\n').filter((line) => line.trim() !== '');
    expect(lines).toContain(`Flotilla is running: open ${url}`);
    expect(output).toMatch(/created the first admin\. Log in with username "admin" and password "[^"]+"/);
    expect(output).not.toMatch(/incoming request|request completed|client error/);
    expect(output).not.toMatch(/Warning|Deprecat/);
    // 40 requests were made: a few lines about starting and stopping, none of them per request.
    expect(lines.length).toBeLessThan(10);
  });

  it('logs every request when asked for debug', async () => {
    const { output } = await runServer({ FLOTILLA_LOG_LEVEL: 'debug' }, useConsole);
    expect(output.match(/"msg":"request completed"/g)?.length).toBeGreaterThanOrEqual(40);
  });

  it('names localhost when listening on every interface', async () => {
    const { output } = await runServer({ HOST: '0.0.0.0' }, () => Promise.resolve());
    expect(output).toMatch(/^Flotilla is running: open http:\/\/localhost:\d+$/m);
  });
});
