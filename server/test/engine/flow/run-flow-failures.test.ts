import { describe, expect, it, vi } from 'vitest';
import type { FlowServices } from '../../../src/engine/flow/node-types';
import { ask, edge, fakeServices, graphOf, line, never, node, response, stepOf, statuses } from './flow-fixtures';

/** start → order (an HTTP request) → found → end, with a failure branch to `sorry` when asked. */
const orderFlow = (data: Record<string, unknown> = {}, withBranch = true) =>
  graphOf(
    [
      node('order', 'httpRequest', { method: 'GET', url: 'https://api.example.com/orders/1', ...data }),
      node('found', 'reply', { text: '订单已发货' }),
      ...(withBranch ? [node('sorry', 'reply', { text: '查询失败：{{order.error.code}}' })] : []),
    ],
    [
      ...line('start', 'order', 'found', 'end'),
      ...(withBranch ? [edge('order', 'sorry', 'error'), ...line('sorry', 'end')] : []),
    ],
  );

const failing = (code?: string) => Object.assign(new Error('lookup failed'), code ? { code } : {});

describe('runFlow: a failing node', () => {
  it('takes its failure branch, which reads the error code; the run does not fail', async () => {
    const services = fakeServices({ fetch: async () => Promise.reject(failing('DNS_FAILED')) });
    const { said, outcome } = await ask(orderFlow(), 'x', { services });
    expect(said).toEqual(['查询失败：DNS_FAILED']);
    expect(outcome.failure).toBeUndefined();
    expect(stepOf(outcome, 'order')).toMatchObject({
      status: 'error',
      output: null,
      error: { code: 'DNS_FAILED', message: 'lookup failed' },
    });
    expect(statuses(outcome)).toMatchObject({ found: 'skipped', sorry: 'ok', end: 'ok' });
  });

  it('names an unknown error NODE_FAILED', async () => {
    const services = fakeServices({ fetch: async () => Promise.reject(new TypeError('boom')) });
    expect((await ask(orderFlow(), 'x', { services })).said).toEqual(['查询失败：NODE_FAILED']);
  });

  it('without a failure branch, ends the run with the failure: nothing more is said, no fallback', async () => {
    const services = fakeServices({ fetch: async () => Promise.reject(failing('HTTP_FAILED')) });
    const { said, outcome } = await ask(orderFlow({}, false), 'x', { services });
    expect(said).toEqual([]);
    expect(outcome.answer).toBe('');
    expect(outcome.failure?.code).toBe('HTTP_FAILED');
    expect(stepOf(outcome, 'order')).toMatchObject({ status: 'error', error: { code: 'HTTP_FAILED' } });
    expect(statuses(outcome)).toMatchObject({ start: 'ok', order: 'error', found: 'skipped', end: 'skipped' });
  });

  it('keeps what a model said before it failed, and fails with its code', async () => {
    const services = fakeServices({
      answer: async function* () {
        yield { type: 'delta', text: '您好，' };
        throw failing('PROVIDER_ERROR');
      },
    });
    const graph = graphOf([node('ai', 'aiChat', { retries: 2 })], line('start', 'ai', 'end'));
    const { said, outcome } = await ask(graph, 'x', { services });
    // Not retried: a half-said answer is not said twice.
    expect(said).toEqual(['您好，']);
    expect(outcome.failure?.code).toBe('PROVIDER_ERROR');
  });
});

describe('runFlow: retries', () => {
  const flaky = (failures: number) => {
    let calls = 0;
    const fetch = vi.fn<FlowServices['fetch']>(async () => {
      calls += 1;
      if (calls <= failures) throw failing('HTTP_FAILED');
      return response(200, '{}');
    });
    return fetch;
  };

  it('retries a failing node up to its retries, and goes on when an attempt succeeds', async () => {
    const fetch = flaky(2);
    const { said, outcome } = await ask(orderFlow({ retries: 2 }), 'x', { services: fakeServices({ fetch }) });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(said).toEqual(['订单已发货']);
    expect(stepOf(outcome, 'order')?.status).toBe('ok');
  });

  it('fails once the retries are spent', async () => {
    const fetch = flaky(2);
    const { said, outcome } = await ask(orderFlow({ retries: 1 }), 'x', { services: fakeServices({ fetch }) });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(said).toEqual(['查询失败：HTTP_FAILED']);
    expect(stepOf(outcome, 'order')?.status).toBe('error');
  });

  it('tries once without retries', async () => {
    const fetch = flaky(1);
    await ask(orderFlow(), 'x', { services: fakeServices({ fetch }) });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('runFlow: time limits and stopping', () => {
  it('fails a node that takes longer than its timeoutMs with NODE_TIMEOUT, and tells its work to stop', async () => {
    const signals: AbortSignal[] = [];
    const services = fakeServices({
      fetch: (_url, options) => {
        signals.push(options.signal);
        return never();
      },
    });
    const { said, outcome } = await ask(orderFlow({ timeoutMs: 100 }), 'x', { services });
    expect(said).toEqual(['查询失败：NODE_TIMEOUT']);
    expect(stepOf(outcome, 'order')).toMatchObject({ status: 'error', error: { code: 'NODE_TIMEOUT' } });
    expect(signals).toHaveLength(1);
    expect(signals[0]?.aborted).toBe(true);
  });

  it('retries a timed-out node', async () => {
    const fetch = vi.fn<FlowServices['fetch']>().mockImplementationOnce(never).mockResolvedValue(response(200, '{}'));
    const { said } = await ask(orderFlow({ timeoutMs: 100, retries: 1 }), 'x', { services: fakeServices({ fetch }) });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(said).toEqual(['订单已发货']);
  });

  it('ends the run when the chatter goes away mid-answer: no failure, no fallback, nothing after', async () => {
    const stop = new AbortController();
    const modelSignals: AbortSignal[] = [];
    const services = fakeServices({
      answer: async function* (_request, signal) {
        modelSignals.push(signal);
        yield { type: 'delta', text: '您好，' };
        // Hangs like a model that stopped sending; the run must end anyway.
        await never();
        yield { type: 'delta', text: 'never said' };
      },
    });
    const graph = graphOf(
      [node('ai', 'aiChat'), node('after', 'reply', { text: 'after' })],
      line('start', 'ai', 'after', 'end'),
    );
    const { said, outcome } = await ask(graph, 'x', { services, signal: stop.signal, onSay: () => stop.abort() });
    expect(said).toEqual(['您好，']);
    expect(outcome.answer).toBe('您好，');
    expect(outcome.failure).toBeUndefined();
    expect(modelSignals[0]?.aborted).toBe(true);
    expect(statuses(outcome)).toMatchObject({ after: 'skipped', end: 'skipped' });
  });
});
