import { createParser } from 'eventsource-parser';
import { Pool, type Dispatcher } from 'undici';

/** An error answer of an OpenAI-compatible endpoint: its HTTP status and the message of its `{ error }` body. */
export class UpstreamError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(`upstream answered ${status}: ${message}`);
    this.name = 'UpstreamError';
  }
}

/** Where an OpenAI-compatible API lives (OpenAI, DeepSeek, Qwen, Ollama, vLLM…) and its key. */
export type OpenAiEndpoint = { baseUrl: string; apiKey: string };

/** A request: a path under the base URL (`chat/completions`), a JSON body, and the caller's abort signal. */
type Call = { path: string; body: unknown; signal?: AbortSignal };

/** The message of an error body (`{ error: { message } }`, `{ message }`), else the text itself, shortened. */
function errorMessage(text: string): string {
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const message = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
    if (typeof message === 'string' && message) return message;
  } catch {
    /* not JSON: the text is the message */
  }
  return text.slice(0, 300) || 'no message';
}

/**
 * A client of one OpenAI-compatible endpoint over undici's keep-alive connection pool: JSON calls
 * (embeddings), Server-Sent Event streams (chat completions) and raw bodies (speech).
 *
 * Not the official `openai` package: its fetch-based transport (WHATWG streams, several promise hops per
 * chunk) took ~1.9 ms longer than undici's `request` from the call to the first streamed token on this
 * machine, and the first-token time is what a visitor waits for (BENCHMARKS.md). The wire format used is
 * the stable core of the API; the official client still tests our own OpenAI-compatible endpoint.
 */
export function openAiCompatible(endpoint: OpenAiEndpoint) {
  const base = new URL(endpoint.baseUrl.endsWith('/') ? endpoint.baseUrl : `${endpoint.baseUrl}/`);
  const pool = new Pool(base.origin, { keepAliveTimeout: 30_000 });
  const headers = (accept: string) => ({
    'content-type': 'application/json',
    accept,
    ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
  });

  /** POSTs the call; an answer other than 2xx is an {@link UpstreamError}, its body read for the message. */
  async function post(call: Call, accept: string): Promise<Dispatcher.ResponseData> {
    const url = new URL(call.path, base);
    const response = await pool.request({
      method: 'POST',
      path: `${url.pathname}${url.search}`,
      headers: headers(accept),
      body: JSON.stringify(call.body),
      signal: call.signal ?? null,
    });
    if (response.statusCode >= 300) {
      const text = await response.body.text().catch(() => '');
      throw new UpstreamError(response.statusCode, errorMessage(text));
    }
    return response;
  }

  return {
    /** The JSON answer of a call. */
    async json<T>(call: Call): Promise<T> {
      const response = await post(call, 'application/json');
      return (await response.body.json()) as T;
    },

    /**
     * The `data` of each event of a streamed call, parsed as JSON, as they arrive; ends with the body
     * (events after `[DONE]` are ignored). Leaving the loop early or aborting the signal ends the request.
     */
    async *events(call: Call): AsyncGenerator<unknown> {
      const response = await post(call, 'text/event-stream');
      const pending: string[] = [];
      let finished = false;
      const parser = createParser({
        onEvent: ({ data }) => {
          if (data === '[DONE]') finished = true;
          else if (!finished) pending.push(data);
        },
      });
      const decoder = new TextDecoder();
      try {
        for await (const chunk of response.body) {
          parser.feed(decoder.decode(chunk as Buffer, { stream: true }));
          for (let data = pending.shift(); data !== undefined; data = pending.shift())
            yield JSON.parse(data) as unknown;
        }
      } finally {
        if (!response.body.destroyed) response.body.destroy();
      }
    },

    /** The body of a call as it streams (binary answers such as audio) with its content type. */
    async body(call: Call, accept: string): Promise<{ contentType: string; body: Dispatcher.ResponseData['body'] }> {
      const response = await post(call, accept);
      const contentType = response.headers['content-type'];
      return {
        contentType: (Array.isArray(contentType) ? contentType[0] : contentType) ?? accept,
        body: response.body,
      };
    },

    close: () => pool.close(),
  };
}

export type OpenAiCompatibleClient = ReturnType<typeof openAiCompatible>;
