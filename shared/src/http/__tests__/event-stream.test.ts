import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loggedIn, loggedOut } from '../../auth/auth.model';
import { Type } from '@sinclair/typebox';
import { endpoint, type User } from '../../contracts';
import { configureHttp, requestFailed, type RequestFailure } from '../client';
import { requestEvents } from '../event-stream';
import { HttpError } from '../http-error';

/** A streamed call as loose as these tests need: any body, any event with a type. */
const Stream = endpoint({
  method: 'POST',
  path: '/v2/qa',
  body: Type.Object({ question: Type.Optional(Type.String()), stream: Type.Optional(Type.Boolean()) }),
  response: Type.Null(),
  answer: 'events',
  events: Type.Object({ type: Type.String(), text: Type.Optional(Type.String()) }),
});

/** A streamed answer whose body arrives in exactly these chunks; `hold` keeps it open after them. */
function streamed(chunks: string[], { hold = false } = {}) {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const cancelled = vi.fn();
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      for (const chunk of chunks) c.enqueue(encoder.encode(chunk));
      if (!hold) c.close();
    },
    cancel: cancelled,
  });
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    cancelled,
    push: (chunk: string) => controller.enqueue(encoder.encode(chunk)),
    fail: (error: unknown) => controller.error(error),
  };
}

/** A fetch that honours its signal the way browsers do: aborting rejects the pending read. */
function fetchWith(stream: ReturnType<typeof streamed>) {
  return vi.fn(async (_url: string, init?: RequestInit) => {
    init?.signal?.addEventListener('abort', () =>
      stream.fail(new DOMException('The operation was aborted.', 'AbortError')),
    );
    return stream.response;
  });
}

async function collect<T>(events: AsyncIterable<T>): Promise<T[]> {
  const seen: T[] = [];
  for await (const event of events) seen.push(event);
  return seen;
}

describe('requestEvents', () => {
  const failures: RequestFailure[] = [];
  let unwatch = () => {};

  beforeEach(() => {
    configureHttp({ baseUrl: 'http://api.test', timeoutMs: 200000 });
    failures.length = 0;
    unwatch = requestFailed.watch((failure) => failures.push(failure)).unsubscribe;
  });
  afterEach(() => {
    unwatch();
    vi.unstubAllGlobals();
    loggedOut('user');
  });

  it('posts the JSON body through the shared client and yields each data event, however the chunks fall', async () => {
    loggedIn({ user: { id: 'u1', role: 'admin' } as User, token: 'secret-token' });
    const stream = streamed([
      ': ping\n\n',
      'data: {"type":"delta","text":"Hel',
      'lo"}\n\ndata: {"type":"delta","text":" wor',
      'ld"}\r\n\r\n',
      'event: message\ndata: {"type":"done"}\n\n',
    ]);
    const fetchMock = fetchWith(stream);
    vi.stubGlobal('fetch', fetchMock);

    const events = await collect(requestEvents(Stream, { body: { question: 'Hi', stream: true } }));

    expect(events).toEqual([{ type: 'delta', text: 'Hello' }, { type: 'delta', text: ' world' }, { type: 'done' }]);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('http://api.test/v2/qa');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"question":"Hi","stream":true}');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer secret-token');
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers['Accept-Language']).toBeTruthy();
  });

  it('rejects an HTTP error before any event with its status, code and message, reported as the client does', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 'RATE_LIMITED', message: 'Too many questions' }), { status: 429 }),
      ),
    );

    const failure = collect(requestEvents(Stream, { body: {} }));

    await expect(failure).rejects.toBeInstanceOf(HttpError);
    await expect(failure).rejects.toMatchObject({ status: 429, code: 'RATE_LIMITED', message: 'Too many questions' });
    expect(failures).toEqual([{ status: 429, code: 'RATE_LIMITED', message: 'Too many questions' }]);
  });

  it('stops reading at once when its signal aborts, rejecting with ABORTED and reporting nothing', async () => {
    const stream = streamed(['data: {"type":"delta","text":"A"}\n\n'], { hold: true });
    vi.stubGlobal('fetch', fetchWith(stream));
    const controller = new AbortController();
    const seen: Array<{ type: string; text?: string }> = [];

    const reading = (async () => {
      for await (const event of requestEvents(Stream, { body: {}, signal: controller.signal })) {
        seen.push(event);
        controller.abort();
      }
    })();

    await expect(reading).rejects.toMatchObject({ code: 'ABORTED' });
    expect(seen).toEqual([{ type: 'delta', text: 'A' }]);
    expect(failures).toEqual([]);
  });

  it('tells a dropped connection mid-stream (NETWORK) from malformed data (BAD_EVENT)', async () => {
    const dropping = streamed(['data: {"type":"delta","text":"A"}\n\n'], { hold: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => dropping.response),
    );
    const seen: Array<{ type: string; text?: string }> = [];
    const reading = (async () => {
      for await (const event of requestEvents(Stream, { body: {} })) {
        seen.push(event);
        dropping.fail(new TypeError('network error'));
      }
    })();
    await expect(reading).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
    expect(seen).toHaveLength(1);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => streamed(['data: not json\n\n']).response),
    );
    await expect(collect(requestEvents(Stream, { body: {} }))).rejects.toMatchObject({ code: 'BAD_EVENT' });
  });

  it('cancels the body when the caller leaves the loop early', async () => {
    const stream = streamed(['data: {"type":"delta","text":"A"}\n\ndata: {"type":"delta","text":"B"}\n\n'], {
      hold: true,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => stream.response),
    );

    for await (const event of requestEvents(Stream, { body: {} })) {
      expect(event).toEqual({ type: 'delta', text: 'A' });
      break;
    }

    await vi.waitFor(() => expect(stream.cancelled).toHaveBeenCalled());
  });
});
