import { vi } from 'vitest';
import type { User } from '@flotilla/shared';

/** One recorded request of the fake server. */
export type Call = { method: string; url: URL; body: string };
type Route = (call: Call) => { status?: number; body: unknown } | undefined;

/**
 * Replaces `globalThis.fetch` with a tiny server: `route` answers each request (or leaves it to a 404).
 * Returns the list of calls, so tests can assert on the exact URLs the page requested.
 */
export function fakeFetch(route: Route): Call[] {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://flotilla.test');
    const body = init?.body instanceof URLSearchParams ? init.body.toString() : typeof init?.body === 'string' ? init.body : '';
    const call: Call = { method: init?.method ?? 'GET', url, body };
    calls.push(call);
    const answer = route(call) ?? { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** A fetch that fails like a dropped connection. */
export function failingFetch(): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
}

let nextId = 1;
/** A user record as the server returns it. */
export function makeUser(patch: Partial<User> = {}): User {
  const id = String(nextId++);
  return {
    id,
    username: `user${id}`,
    nickname: `User ${id}`,
    avatar: '',
    phone: '',
    role: 'operator',
    tenantId: 't1',
    ban: false,
    isAgent: false,
    permissions: [],
    createAt: '2025-01-02T03:04:05.000Z',
    ...patch,
  };
}
