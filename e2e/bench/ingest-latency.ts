// "API latency while ingesting" (part of `pnpm bench`, or alone: `cd e2e && node --import tsx bench/ingest-latency.ts`):
// the real server on SQLite in a fresh folder; a second process (latency-probe.ts) calls `GET /v1/processes`
// at a steady rate, first with nothing else going on (the baseline), then while a ~48 MB .txt of the knowledge
// bench's corpus is uploaded through the upload route and ingested by the server's own parse job. Reports the
// call's p50/p95/p99 both ways, and the ingestion's MB/s from the start of the upload to the file done.
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ADMIN, startServer } from '../support/server';
import { corpus } from './knowledge';

const MEGABYTES = Number(process.env.BENCH_INGEST_MB ?? 48);
const RATE = Number(process.env.BENCH_PROBE_RATE ?? 50);
const BASELINE_S = Number(process.env.BENCH_BASELINE_SECONDS ?? 10);

type Probe = { start(): void; stop(): Promise<{ latencies: number[]; failures: number }>; close(): void };

async function startProbe(url: string, token: string): Promise<Probe> {
  const child = fork(join(import.meta.dirname, 'latency-probe.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_PROBE_URL: url, BENCH_PROBE_TOKEN: token, BENCH_PROBE_RATE: String(RATE) },
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`latency probe exited ${code}`)));
  });
  return {
    start: () => child.send({ start: true }),
    stop: () =>
      new Promise((resolve) => {
        child.once('message', (report) => resolve(report as { latencies: number[]; failures: number }));
        child.send({ stop: true });
      }),
    close: () => child.kill(),
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
};
const summary = ({ latencies, failures }: { latencies: number[]; failures: number }) =>
  `p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p95 ${percentile(latencies, 0.95).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms, ` +
  `max ${Math.max(...latencies).toFixed(0)} ms (${latencies.length} calls${failures > 0 ? `, ${failures} FAILED` : ''})`;

/** ~`megabytes` MB of the knowledge bench's mixed Chinese/English documents, one after another. */
function bigText(megabytes: number): string {
  const { anyDocument } = corpus();
  const parts: string[] = [];
  let bytes = 0;
  while (bytes < megabytes * 1e6) {
    const document = anyDocument();
    parts.push(document);
    bytes += Buffer.byteLength(document) + 2;
  }
  return parts.join('\n\n');
}

async function call<T>(url: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function benchIngestLatency(): Promise<{ lines: string[] }> {
  const text = bigText(MEGABYTES);
  // BENCH_SERVER_NODE_ARGS: Node options for the server alone, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it.
  const server = await startServer(
    { FLOTILLA_LOG_LEVEL: 'error' },
    process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
  );
  let probe: Probe | undefined;
  try {
    const login = await fetch(`${server.url}/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    for (let i = 1; i <= 20; i++)
      await call(server.url, token, 'POST', '/v1/processes', {
        name: `latency-robot-${i}`,
        description: 'A robot in the list the probe reads.',
      });
    const dataset = await call<{ id: string }>(server.url, token, 'POST', '/v1/datasets', { name: 'ingest-latency' });
    probe = await startProbe(`${server.url}/v1/processes?offset=0&limit=20`, token);

    // Warm-up, then the baseline: the same calls with nothing else going on.
    probe.start();
    await sleep(2000);
    await probe.stop();
    const loadBefore = loadavg()[0] as number;
    probe.start();
    await sleep(BASELINE_S * 1000);
    const idle = await probe.stop();

    probe.start();
    const started = performance.now();
    const form = new FormData();
    form.append('file', new Blob([text], { type: 'text/plain' }), 'manual.txt');
    const file = await call<{ id: string }>(server.url, token, 'POST', `/v1/datasets/${dataset.id}/files`, form);
    const uploadedMs = performance.now() - started;
    let seen: { status: string; segmentCount: number; error: string | null };
    for (;;) {
      seen = await call(server.url, token, 'GET', `/v1/datasets/${dataset.id}/files/${file.id}`);
      if (seen.status === 'done' || seen.status === 'failed') break;
      await sleep(100);
    }
    const ingestMs = performance.now() - started;
    const busy = await probe.stop();
    if (seen.status !== 'done') throw new Error(`the file failed: ${seen.error}`);
    const mb = Buffer.byteLength(text) / 1e6;
    return {
      lines: [
        `API latency, ingesting:    GET /v1/processes (20 rows) at ${RATE}/s from a second process — while a ${mb.toFixed(1)} MB .txt is uploaded and ingested: ${summary(busy)}   (target p99 ≤ 100 ms)`,
        `${''.padEnd(27)}the same with nothing else going on (${BASELINE_S} s): ${summary(idle)}`,
        `${''.padEnd(27)}that file's ingestion: ${(mb / (ingestMs / 1000)).toFixed(2)} MB/s (${(ingestMs / 1000).toFixed(1)} s from the upload's start to the file done, ${(uploadedMs / 1000).toFixed(1)} s of it the upload; ${seen.segmentCount} segments)   (aim ≥ 4.5 MB/s); load average ${loadBefore.toFixed(1)} before, ${(loadavg()[0] as number).toFixed(1)} after`,
      ],
    };
  } finally {
    probe?.close();
    await server.stop();
  }
}

// `node --import tsx bench/ingest-latency.ts`: this part alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { lines } = await benchIngestLatency();
  console.log(`\n${lines.join('\n')}\n`);
}
