import { vi } from 'vitest';
import type { ShareInfo } from '@flotilla/shared';

type Answer = { status?: number; body: unknown } | 'network-error';

/**
 * Replaces `globalThis.fetch`: `route` answers each request, or throws like a dropped connection.
 * Returns the requested URLs so tests can assert on them.
 */
export function fakeFetch(route: (url: URL) => Answer): URL[] {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://flotilla.test');
      urls.push(url);
      const answer = route(url);
      if (answer === 'network-error') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return urls;
}

/** A share as `GET /v1/share/info` returns it. */
export function makeShare(patch: Partial<ShareInfo> = {}): ShareInfo {
  return {
    shareId: 'abc123',
    processId: 'p1',
    name: 'After-sales helper',
    icon: '',
    welcome: 'Hello! Ask me about orders, returns and invoices.',
    suggestedQuestions: ['How do I return an item?', 'Where is my order?'],
    themeColor: '#0E8A6D',
    ...patch,
  };
}

export const SHARE_NOT_FOUND = { status: 404, body: { code: 'SHARE_NOT_FOUND', message: 'Share not found' } };
