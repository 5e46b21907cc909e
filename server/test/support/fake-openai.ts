import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake upstream answers the next requests. */
export type UpstreamMode =
  | { kind: 'answer'; text: string; delayMs?: number }
  | { kind: 'fail'; status: number }
  /** Sends headers, then nothing: a model that never produces a token. */
  | { kind: 'hang' };

type Received = { body: { model: string; messages: Array<{ role: string; content: string }>; stream?: boolean; temperature?: number } };

/**
 * A local OpenAI-compatible server (`POST /v1/chat/completions`, streaming or not) for tests and the
 * bench: answers after a fixed delay, fails, or hangs; records what it received and how many requests
 * the client abandoned before the answer ended.
 */
export async function startFakeOpenAi(initial: UpstreamMode = { kind: 'answer', text: 'Hello from upstream' }) {
  let mode = initial;
  const received: Received[] = [];
  let abandoned = 0;
  const readJson = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Received['body'];
  };

  const server: Server = createServer(async (request, response) => {
    if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
      response.writeHead(404).end();
      return;
    }
    const body = await readJson(request);
    received.push({ body });
    let finished = false;
    response.on('close', () => {
      if (!finished) abandoned += 1;
    });
    const current = mode;
    if (current.kind === 'fail') {
      finished = true;
      response.writeHead(current.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'upstream broke', type: 'server_error' } }));
      return;
    }
    if (current.kind === 'hang') {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.flushHeaders();
      return;
    }
    if (current.delayMs) await new Promise((resolve) => setTimeout(resolve, current.delayMs));
    const words = current.text.split(/(?<= )/);
    const usage = { prompt_tokens: 11, completion_tokens: words.length, total_tokens: 11 + words.length };
    const base = { id: 'chatcmpl-fake', created: 1, model: body.model };
    if (!body.stream) {
      finished = true;
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({ ...base, object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: current.text }, finish_reason: 'stop' }], usage }),
      );
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const send = (data: unknown) => response.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
    for (const word of words) send({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: word }, finish_reason: null }] });
    send({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
    send({ ...base, object: 'chat.completion.chunk', choices: [], usage });
    send('[DONE]');
    finished = true;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    received,
    get abandoned() {
      return abandoned;
    },
    setMode(next: UpstreamMode) {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
