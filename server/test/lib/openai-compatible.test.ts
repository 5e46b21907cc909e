import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAiCompatible, UpstreamError } from '../../src/lib/openai-compatible';

type Seen = { path: string; authorization?: string; accept?: string; body: unknown };

/** A server answering each path its own way, recording what it was sent. */
async function upstream(handlers: Record<string, (response: ServerResponse) => void>) {
  const seen: Seen[] = [];
  const server = createServer(async (request: IncomingMessage, response) => {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    seen.push({
      path: request.url ?? '',
      authorization: request.headers.authorization,
      accept: request.headers.accept,
      body: JSON.parse(text),
    });
    const handler = handlers[request.url ?? ''];
    if (handler) handler(response);
    else response.writeHead(404).end('no such path');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { seen, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

describe('openAiCompatible', () => {
  let server: Awaited<ReturnType<typeof upstream>>;
  beforeAll(async () => {
    server = await upstream({
      '/compatible-mode/v1/embeddings': (response) =>
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[{"index":0,"embedding":[1,0]}]}'),
      '/compatible-mode/v1/chat/completions': (response) => {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        // An event split across writes, two events in one write, and one after [DONE] that must be ignored.
        response.write('data: {"n":');
        setTimeout(() => {
          response.write('1}\n\ndata: {"n":2}\n\n');
          response.end('data: [DONE]\n\ndata: {"n":3}\n\n');
        }, 5);
      },
      '/compatible-mode/v1/refused': (response) =>
        response
          .writeHead(429, { 'content-type': 'application/json' })
          .end('{"error":{"message":"Rate limit reached for requests","type":"requests"}}'),
      '/compatible-mode/v1/broken': (response) => response.writeHead(502).end('<html>Bad gateway</html>'),
    });
  });
  afterAll(() => server.close());

  it('posts JSON under the base URL with the key, and reads the JSON answer', async () => {
    const client = openAiCompatible({ baseUrl: `${server.baseUrl}/compatible-mode/v1`, apiKey: 'sk-test' });
    const answer = await client.json<{ data: unknown[] }>({ path: 'embeddings', body: { model: 'm', input: ['a'] } });
    expect(answer.data).toEqual([{ index: 0, embedding: [1, 0] }]);
    expect(server.seen.at(-1)).toEqual({
      path: '/compatible-mode/v1/embeddings',
      authorization: 'Bearer sk-test',
      accept: 'application/json',
      body: { model: 'm', input: ['a'] },
    });
    await client.close();
  });

  it('yields each streamed event once, whole, and nothing after [DONE]', async () => {
    const client = openAiCompatible({ baseUrl: `${server.baseUrl}/compatible-mode/v1/`, apiKey: '' });
    const events: unknown[] = [];
    for await (const event of client.events({ path: 'chat/completions', body: { stream: true } })) events.push(event);
    expect(events).toEqual([{ n: 1 }, { n: 2 }]);
    // No key configured: no Authorization header at all (local servers such as Ollama need none).
    expect(server.seen.at(-1)?.authorization).toBeUndefined();
    expect(server.seen.at(-1)?.accept).toBe('text/event-stream');
    await client.close();
  });

  it('turns an error answer into an UpstreamError with its status and message', async () => {
    const client = openAiCompatible({ baseUrl: `${server.baseUrl}/compatible-mode/v1`, apiKey: 'k' });
    const refused = await client.json({ path: 'refused', body: {} }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UpstreamError);
    expect(refused).toMatchObject({ status: 429, message: 'upstream answered 429: Rate limit reached for requests' });
    const broken = await client.json({ path: 'broken', body: {} }).catch((error: unknown) => error);
    expect(broken).toMatchObject({ status: 502, message: 'upstream answered 502: <html>Bad gateway</html>' });
    await client.close();
  });
});
