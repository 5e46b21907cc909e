import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EmbeddingModelConfig } from '../../src/config';

/** A deterministic vector of a text: counts of its characters folded into `dimensions` buckets. */
export function fakeVector(text: string, dimensions = 8): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const char of text) vector[(char.codePointAt(0) ?? 0) % dimensions] += 1;
  return vector;
}

/**
 * A local OpenAI-compatible embeddings endpoint (`POST /v1/embeddings`) for tests: deterministic vectors,
 * the inputs it was asked for, and a switch that makes it fail.
 */
export async function startFakeEmbeddings() {
  const state = { fail: false, inputs: [] as string[] };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (state.fail || request.url !== '/v1/embeddings') {
        response
          .writeHead(state.fail ? 500 : 404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'down' } }));
        return;
      }
      const { input, model } = JSON.parse(body) as { input: string[] | string; model: string };
      const inputs = Array.isArray(input) ? input : [input];
      state.inputs.push(...inputs);
      const data = inputs.map((text, index) => ({ object: 'embedding', index, embedding: fakeVector(text) }));
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ object: 'list', data, model, usage: { prompt_tokens: 1, total_tokens: 1 } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const model = (id: string): EmbeddingModelConfig => ({
    id,
    name: `Fake ${id}`,
    baseUrl: `http://127.0.0.1:${port}/v1`,
    apiKey: 'test',
    model: id,
  });
  return {
    state,
    model,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
