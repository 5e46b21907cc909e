import { vi } from 'vitest';

/** A request as the fake server sees it. */
export type FakeRequest = { method: string; path: string; query: URLSearchParams; body: unknown };
/** What a fake route answers; `undefined` falls through to a 404. */
export type FakeResponse = { status?: number; body?: unknown };
export type FakeHandler = (request: FakeRequest) => FakeResponse | undefined;

/**
 * Replaces `globalThis.fetch` with a handler, so the real http client (headers, error mapping)
 * runs against answers shaped like the server's. Returns the requests seen, oldest first.
 */
export function mockFetch(handler: FakeHandler): FakeRequest[] {
  const requests: FakeRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input), 'http://flotilla.test');
      const text = typeof init?.body === 'string' ? init.body : undefined;
      const request: FakeRequest = {
        method: (init?.method ?? 'GET').toUpperCase(),
        path: url.pathname,
        query: url.searchParams,
        body: text ? JSON.parse(text) : undefined,
      };
      requests.push(request);
      const answer = handler(request) ?? { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };
      const status = answer.status ?? 200;
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return requests;
}
