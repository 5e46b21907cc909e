import type { EmbeddingModelConfig } from '../config';
import { openAiCompatible, UpstreamError } from '../lib/openai-compatible';

/** Texts per request: large enough to be fast, small enough for every compatible server's limit. */
const BATCH = 64;
/** A batch waits this long for its vectors (a parse job embeds many; a question one). */
const TIMEOUT_MS = 60_000;
/** Waits before the retries of a batch refused for load (429, 5xx) or a lost connection. */
const RETRY_DELAYS_MS = [500, 2000];

type EmbeddingsResponse = { data: Array<{ index: number; embedding: number[] }> };

/** Float32 vector ↔ the bytes stored in `segments.embedding`. */
export const toBytes = (vector: Float32Array): Buffer =>
  Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
export const fromBytes = (bytes: Uint8Array): Float32Array =>
  new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));

/** Vectors are normalised when made, so cosine similarity is a dot product. */
export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length && i < b.length; i++) sum += (a[i] as number) * (b[i] as number);
  return sum;
}

function normalise(values: number[]): Float32Array {
  const vector = Float32Array.from(values);
  const norm = Math.sqrt(dot(vector, vector)) || 1;
  for (let i = 0; i < vector.length; i++) vector[i] = (vector[i] as number) / norm;
  return vector;
}

const CONNECTION_ERRORS = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);
/** A refusal worth asking again: the endpoint is busy or failing for now, or the connection broke. */
const transient = (error: unknown) =>
  error instanceof UpstreamError
    ? error.status === 429 || error.status >= 500
    : CONNECTION_ERRORS.has(String((error as { code?: unknown }).code));

async function withRetries<T>(call: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  for (const delay of RETRY_DELAYS_MS) {
    try {
      return await call();
    } catch (error) {
      if (signal?.aborted || !transient(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  return call();
}

/** Embeddings from the configured OpenAI-compatible endpoints (FLOTILLA_EMBEDDING_MODELS). */
export function createEmbedder(models: EmbeddingModelConfig[]) {
  const clients = new Map(models.map((model) => [model.id, { model, client: openAiCompatible(model) }]));
  return {
    /** The models offered to datasets (id and name only). */
    models: models.map(({ id, name }) => ({ id, name })),
    has: (modelId: string) => clients.has(modelId),
    /** One normalised vector per text, in order; throws when the model is unknown or the endpoint fails. */
    async embed(modelId: string, texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
      const entry = clients.get(modelId);
      if (!entry) throw new Error(`unknown embedding model ${modelId}`);
      const vectors: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += BATCH) {
        const batch = texts.slice(start, start + BATCH);
        const call = () =>
          entry.client.json<EmbeddingsResponse>({
            path: 'embeddings',
            body: { model: entry.model.model, input: batch, encoding_format: 'float' },
            signal: signal
              ? AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)])
              : AbortSignal.timeout(TIMEOUT_MS),
          });
        const response = await withRetries(call, signal);
        const ordered = [...response.data].sort((a, b) => a.index - b.index);
        vectors.push(...ordered.map((item) => normalise(item.embedding)));
      }
      return vectors;
    },
    /** Closes the endpoints' connection pools (when the server closes). */
    async close(): Promise<void> {
      await Promise.all([...clients.values()].map(({ client }) => client.close()));
    },
  };
}

export type Embedder = ReturnType<typeof createEmbedder>;
