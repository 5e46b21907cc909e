import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tokenize } from '../../src/search/tokenize';

/** Dimensions of the fake embeddings. */
export const FAKE_EMBEDDING_DIMENSIONS = 64;
/**
 * Words the fake embeddings treat as one meaning (by their tokens), so that a vector search can find what
 * shares no word with the query — as a real model would.
 */
const SAME_MEANING: Record<string, string> = { monei: 'refund', cash: 'refund', 退钱: '退款', 钱: '退款' };

/**
 * A deterministic embedding: the text's tokens (server/src/search/tokenize.ts, synonyms folded), each
 * hashed (FNV-1a) into one of {@link FAKE_EMBEDDING_DIMENSIONS} buckets — a bag of words.
 */
export function fakeEmbedding(text: string): number[] {
  const vector = new Array<number>(FAKE_EMBEDDING_DIMENSIONS).fill(0);
  for (const token of tokenize(text)) {
    const word = SAME_MEANING[token] ?? token;
    let hash = 0x811c9dc5;
    for (const char of word) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0;
    vector[hash % FAKE_EMBEDDING_DIMENSIONS] = (vector[hash % FAKE_EMBEDDING_DIMENSIONS] ?? 0) + 1;
  }
  return vector;
}

/** How the fake upstream answers the next requests. */
export type UpstreamMode =
  | { kind: 'answer'; text: string; delayMs?: number }
  | { kind: 'fail'; status: number }
  /** Sends headers, then nothing: a model that never produces a token. */
  | { kind: 'hang' };

/** How the fake speech endpoint answers the next requests. */
export type SpeechMode =
  | { kind: 'audio' }
  | { kind: 'fail'; status: number }
  /** Sends nothing, not even headers. */
  | { kind: 'hang' }
  /** Sends headers and the first chunk, then nothing: a provider that stops speaking. */
  | { kind: 'stall' };

/** The bytes the fake speech endpoint answers, in {@link FAKE_SPEECH_CHUNKS} chunks (stand-ins for mp3 frames). */
export const FAKE_SPEECH = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7) % 256));
const FAKE_SPEECH_CHUNKS = 3;

type SpeechBody = { model: string; voice: string; input: string; response_format?: string };

type Received = {
  body: { model: string; messages: Array<{ role: string; content: string }>; stream?: boolean; temperature?: number };
};
type EmbeddingsBody = { model: string; input: string | string[] };

/**
 * A local OpenAI-compatible server (`POST /v1/chat/completions`, streaming or not, `POST /v1/embeddings`
 * with {@link fakeEmbedding} vectors, and `POST /v1/audio/speech` answering {@link FAKE_SPEECH}) for tests
 * and the bench: answers after a fixed delay, fails, or hangs;
 * records what it received and how many requests the client abandoned before the answer ended.
 */
export async function startFakeOpenAi(initial: UpstreamMode = { kind: 'answer', text: 'Hello from upstream' }) {
  let mode = initial;
  const received: Received[] = [];
  const embedded: string[] = [];
  const embeddings = { fail: false };
  let abandoned = 0;
  const speech = {
    mode: { kind: 'audio' } as SpeechMode,
    received: [] as Array<{ authorization: string | undefined; body: SpeechBody }>,
  };
  const readJson = async <T = Received['body']>(request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as T;
  };

  const server: Server = createServer(async (request, response) => {
    if (request.method === 'POST' && request.url?.endsWith('/embeddings')) {
      const body = await readJson<EmbeddingsBody>(request);
      if (embeddings.fail) {
        response
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'embeddings broke', type: 'server_error' } }));
        return;
      }
      const inputs = Array.isArray(body.input) ? body.input : [body.input];
      embedded.push(...inputs);
      const data = inputs.map((input, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(input) }));
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ object: 'list', data, model: body.model, usage: { prompt_tokens: 1, total_tokens: 1 } }));
      return;
    }
    if (request.method === 'POST' && request.url?.endsWith('/audio/speech')) {
      const body = await readJson<SpeechBody>(request);
      speech.received.push({ authorization: request.headers.authorization, body });
      let finished = false;
      response.on('close', () => {
        if (!finished) abandoned += 1;
      });
      const current = speech.mode;
      if (current.kind === 'fail') {
        finished = true;
        response
          .writeHead(current.status, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'speech broke', type: 'server_error' } }));
        return;
      }
      if (current.kind === 'hang') return;
      const size = Math.ceil(FAKE_SPEECH.length / FAKE_SPEECH_CHUNKS);
      response.writeHead(200, { 'content-type': 'audio/mpeg' });
      response.write(FAKE_SPEECH.subarray(0, size));
      if (current.kind === 'stall') return;
      for (let start = size; start < FAKE_SPEECH.length; start += size) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        response.write(FAKE_SPEECH.subarray(start, start + size));
      }
      finished = true;
      response.end();
      return;
    }
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
      response
        .writeHead(current.status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'upstream broke', type: 'server_error' } }));
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
        JSON.stringify({
          ...base,
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: current.text }, finish_reason: 'stop' }],
          usage,
        }),
      );
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const send = (data: unknown) =>
      response.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
    for (const word of words)
      send({
        ...base,
        object: 'chat.completion.chunk',
        choices: [{ index: 0, delta: { content: word }, finish_reason: null }],
      });
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
    /** Texts the embeddings endpoint was asked for, in order. */
    embedded,
    /** `fail: true` makes the embeddings endpoint answer 500. */
    embeddings,
    /** The speech endpoint: how it answers (`mode`), and what it received with which Authorization. */
    speech,
    get abandoned() {
      return abandoned;
    },
    setMode(next: UpstreamMode) {
      mode = next;
    },
    /** The client connections open now (kept alive between requests, or not). */
    openConnections: () =>
      new Promise<number>((resolve, reject) =>
        server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
