// Test-only: reached through `@flotilla/shared/test`, never from application code (a test checks it).
import { vi } from 'vitest';

/** A request as the fake server sees it. */
export type FakeRequest = {
  /** Upper-case HTTP method. */
  method: string;
  /** The whole URL, resolved against `http://flotilla.test`. */
  url: URL;
  /** `url.pathname`. */
  path: string;
  /** `url.searchParams`. */
  query: URLSearchParams;
  /** A JSON body, parsed; `undefined` when the body is not a string (form, multipart) or is empty. */
  body: unknown;
  /** The body as sent: the JSON text, or the encoded form of a `URLSearchParams` body; `''` when none. */
  text: string;
  /** A multipart body as sent. */
  formData?: FormData;
  /** The request's signal: a fake answer that streams stops when it aborts. */
  signal?: AbortSignal;
};

/** What a fake route answers: JSON (status 200 and no body unless given), or a whole `Response` (a stream, a file). */
export type FakeResponse = { status?: number; body?: unknown } | Response;

/**
 * Answers one request: `undefined` falls through to a 404 `NOT_FOUND`; throwing rejects the fetch,
 * as a dropped connection does (the client then reports status 0).
 */
export type FakeHandler = (request: FakeRequest) => FakeResponse | undefined;

function bodyText(body: RequestInit['body']): string {
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  return '';
}

/**
 * Replaces `globalThis.fetch` with `handler`, so the real http client (headers, error mapping) runs
 * against answers shaped like the server's. Returns the requests seen, oldest first. Undo it with
 * `vi.unstubAllGlobals()`.
 */
export function mockFetch(handler: FakeHandler): FakeRequest[] {
  const requests: FakeRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input), 'http://flotilla.test');
      const text = bodyText(init?.body);
      const request: FakeRequest = {
        method: (init?.method ?? 'GET').toUpperCase(),
        url,
        path: url.pathname,
        query: url.searchParams,
        body: typeof init?.body === 'string' && text ? JSON.parse(text) : undefined,
        text,
        ...(init?.body instanceof FormData && { formData: init.body }),
        ...(init?.signal && { signal: init.signal }),
      };
      requests.push(request);
      const answer = handler(request) ?? { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };
      if (answer instanceof Response) return answer;
      const status = answer.status ?? 200;
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return requests;
}

/** The error a fetch rejects with when the connection drops; throw it from a {@link FakeHandler}. */
export function networkError(): TypeError {
  return new TypeError('Failed to fetch');
}
