import { randomUUID } from 'node:crypto';
import type { Robot, ShareSettings } from '@flotilla/shared/contracts';

/** The fake upstream's fixed delay before its first token: what a model's thinking time looks like. */
export const UPSTREAM_DELAY_MS = 50;
export const BENCH_MODEL = { id: 'bench-upstream', name: 'Bench upstream', price: 0, model: 'bench' };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

/** Milliseconds until the first answer text arrives on a streamed response (an SSE `data:` line with text). */
async function timeToFirstText(
  start: () => Promise<Response>,
  hasText: (data: string) => boolean,
): Promise<{ ms: number; done: boolean }> {
  const started = performance.now();
  const response = await start();
  if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}: ${await response.text()}`);
  const decoder = new TextDecoder();
  let buffer = '';
  let firstAt = 0;
  let done = false;
  const reader = response.body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    buffer += decoder.decode(chunk.value, { stream: true });
    const blocks = buffer.split('\n\n');
    buffer = blocks.pop() ?? '';
    for (const block of blocks) {
      const data = block.startsWith('data: ') ? block.slice(6) : '';
      if (!firstAt && hasText(data)) firstAt = performance.now();
      if (data.includes('"type":"done"') || data === '[DONE]') done = true;
    }
  }
  return { ms: firstAt - started, done };
}

const json = (token: string | undefined, body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(body),
});

/** A robot on the bench model with its share enabled (600 questions per visitor per minute). */
async function benchShare(url: string, token: string): Promise<string> {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${url}${path}`, {
      ...json(token, body),
      method,
      ...(body === undefined ? { body: undefined } : {}),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const robot = await call<Robot>('POST', '/v1/processes', { name: 'Streaming bench robot' });
  await call('PUT', `/v1/processes/${robot.processId}/basic`, { model: BENCH_MODEL.id });
  const base = `/v1/users/${robot.adminId}/processes/${robot.processId}/share`;
  await call('PUT', base, { rateLimitPerMinute: 600 });
  return (await call<ShareSettings>('PUT', `${base}/enable`)).shareId;
}

/**
 * Time to first token straight from the upstream and through `/v2/qa` (sequential, medians; the
 * difference is what the server adds), then `concurrency` streams at once, counting any that fail.
 */
export async function benchStreaming(
  url: string,
  token: string,
  upstreamBaseUrl: string,
  samples = 60,
  concurrency = 200,
) {
  const shareId = await benchShare(url, token);
  const direct = () =>
    fetch(
      `${upstreamBaseUrl}/chat/completions`,
      json(undefined, { model: 'bench', stream: true, messages: [{ role: 'user', content: 'hi' }] }),
    );
  const viaQa = (visitorId = randomUUID()) =>
    fetch(`${url}/v2/qa`, json(undefined, { shareId, visitorId, question: 'Where is my parcel?' }));
  const upstreamText = (data: string) => data.includes('"content":"');
  const qaText = (data: string) => data.includes('"type":"delta"');

  // Warm both paths (connections, prepared statements, JIT) before measuring.
  for (let i = 0; i < 20; i++) {
    await timeToFirstText(direct, upstreamText);
    await timeToFirstText(() => viaQa(), qaText);
  }
  const directMs: number[] = [];
  const qaMs: number[] = [];
  for (let i = 0; i < samples; i++) {
    directMs.push((await timeToFirstText(direct, upstreamText)).ms);
    qaMs.push((await timeToFirstText(() => viaQa(), qaText)).ms);
  }

  const started = performance.now();
  const results = await Promise.allSettled(
    Array.from({ length: concurrency }, () => timeToFirstText(() => viaQa(), qaText)),
  );
  const wallMs = performance.now() - started;
  const errors = results.filter((r) => r.status === 'rejected' || !r.value.done).length;
  return { directMedian: median(directMs), qaMedian: median(qaMs), concurrency, errors, wallMs, shareId };
}

// `node --import tsx bench/streaming.ts`: this part alone, against a server of its own.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { startServer, ADMIN } = await import('../support/server');
  const { startFakeOpenAi } = await import('../../server/test/support/fake-openai');
  const upstream = await startFakeOpenAi({
    kind: 'answer',
    text: 'Your parcel left our warehouse this morning.',
    delayMs: UPSTREAM_DELAY_MS,
  });
  const server = await startServer({
    FLOTILLA_LOG_LEVEL: 'error',
    FLOTILLA_OPENAI_MODELS: JSON.stringify([{ ...BENCH_MODEL, baseUrl: upstream.baseUrl }]),
  });
  try {
    const login = await fetch(`${server.url}/v1/login`, json(undefined, ADMIN));
    const { token } = (await login.json()) as { token: string };
    const result = await benchStreaming(server.url, token, upstream.baseUrl, Number(process.env.BENCH_SAMPLES ?? 60));
    console.log(
      `first token, median: upstream direct ${result.directMedian.toFixed(1)} ms, through /v2/qa ${result.qaMedian.toFixed(1)} ms → added ${(result.qaMedian - result.directMedian).toFixed(1)} ms; ${result.concurrency} concurrent streams: ${result.errors} errors in ${result.wallMs.toFixed(0)} ms`,
    );
  } finally {
    await server.stop();
    await upstream.close();
  }
}
