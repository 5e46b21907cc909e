import type { Case } from '@flotilla/shared';
import { mockFetch, type FakeRequest, type FakeResponse } from '@flotilla/shared/test';

let sequence = 0;

/** A case as the server answers it; fields not given get plain values. */
export function makeCase(patch: Partial<Case> = {}): Case {
  sequence += 1;
  return {
    id: `c${sequence}`,
    processId: 'p1',
    processName: 'Sales robot',
    title: `Case ${sequence}`,
    customer: 'Li Lei',
    phone: '13800000000',
    status: 'open',
    checked: false,
    createdAt: '2024-05-01T08:00:00.000Z',
    ...patch,
  };
}

/**
 * An in-memory `GET /v1/case` that behaves like the server's (keyword over title, customer and
 * phone; status filter; offset/limit). `override` answers a request first when it returns.
 */
export function fakeCasesApi(initial: Case[] = [], override?: (request: FakeRequest) => FakeResponse | undefined) {
  const cases = [...initial];
  const requests = mockFetch((request) => {
    const overridden = override?.(request);
    if (overridden) return overridden;
    if (request.path === '/v1/case' && request.method === 'GET') {
      const keyword = request.query.get('keyword')?.toLowerCase();
      const status = request.query.get('status');
      const matching = cases.filter(
        (item) =>
          (!status || item.status === status) &&
          (!keyword || [item.title, item.customer, item.phone].some((text) => text.toLowerCase().includes(keyword))),
      );
      const offset = Number(request.query.get('offset') ?? 0);
      const limit = Number(request.query.get('limit') ?? 20);
      return { body: { list: matching.slice(offset, offset + limit), total: matching.length } };
    }
    return undefined;
  });
  return { cases, requests };
}
