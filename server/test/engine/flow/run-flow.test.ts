import { describe, expect, it, vi } from 'vitest';
import type { ConditionRule, FlowClass } from '@flotilla/shared/contracts';
import type { FlowServices } from '../../../src/engine/flow/node-types';
import {
  ask,
  edge,
  FALLBACK,
  fakeServices,
  graphOf,
  line,
  node,
  passage,
  response,
  stepOf,
  statuses,
} from './flow-fixtures';

type AnswerRequest = Parameters<FlowServices['answer']>[0];

describe('runFlow: saying things', () => {
  it('says a reply with the question filled in, and traces start, reply and end', async () => {
    const graph = graphOf(
      [node('hello', 'reply', { text: '您问的是：{{start.question}}' })],
      line('start', 'hello', 'end'),
    );
    const { said, outcome } = await ask(graph, '营业时间？');
    expect(said).toEqual(['您问的是：营业时间？']);
    expect(outcome.answer).toBe('您问的是：营业时间？');
    expect(outcome.failure).toBeUndefined();
    expect(outcome.trace.map(({ nodeId, type, status }) => ({ nodeId, type, status }))).toEqual([
      { nodeId: 'start', type: 'start', status: 'ok' },
      { nodeId: 'hello', type: 'reply', status: 'ok' },
      { nodeId: 'end', type: 'end', status: 'ok' },
    ]);
    expect(stepOf(outcome, 'start')?.output).toEqual({ question: '营业时间？' });
  });

  it('says the fallback reply when the flow says nothing', async () => {
    const { said, outcome } = await ask(graphOf([], line('start', 'end')), 'hello');
    expect(said).toEqual([FALLBACK]);
    expect(outcome.answer).toBe(FALLBACK);
  });

  it('sets a session variable that later nodes read and the session keeps', async () => {
    const graph = graphOf(
      [
        node('remember', 'setVariable', { name: 'city', value: '{{start.question}}' }),
        node('hello', 'reply', { text: '城市：{{session.city}}' }),
      ],
      line('start', 'remember', 'hello', 'end'),
    );
    const { said, outcome } = await ask(graph, '上海');
    expect(said).toEqual(['城市：上海']);
    expect(outcome.state.variables).toEqual({ city: '上海' });

    // The next question of the session reads what the last one set.
    const later = graphOf(
      [node('hello', 'reply', { text: '还是{{session.city}}吗？' })],
      line('start', 'hello', 'end'),
    );
    expect((await ask(later, '你好', { state: outcome.state })).said).toEqual(['还是上海吗？']);
  });
});

describe('runFlow: condition', () => {
  const branch = (rules: ConditionRule[], match?: 'all' | 'any') =>
    graphOf(
      [
        node('check', 'condition', { rules, ...(match ? { match } : {}) }),
        node('yes', 'reply', { text: 'yes' }),
        node('no', 'reply', { text: 'no' }),
      ],
      [
        edge('start', 'check'),
        edge('check', 'yes', 'true'),
        edge('check', 'no', 'false'),
        ...line('yes', 'end'),
        ...line('no', 'end'),
      ],
    );
  const q = '{{start.question}}';
  const cases: Array<[string, ConditionRule, string, 'yes' | 'no']> = [
    ['equals (spaces trimmed)', { left: q, operator: 'equals', right: 'refund' }, ' refund ', 'yes'],
    ['equals', { left: q, operator: 'equals', right: 'refund' }, 'refunds', 'no'],
    ['notEquals', { left: q, operator: 'notEquals', right: 'refund' }, 'refunds', 'yes'],
    ['contains', { left: q, operator: 'contains', right: '退货' }, '我想退货', 'yes'],
    ['contains', { left: q, operator: 'contains', right: '退货' }, '我想换货', 'no'],
    ['contains nothing', { left: q, operator: 'contains', right: '' }, '我想退货', 'no'],
    ['notContains', { left: q, operator: 'notContains', right: '退货' }, '我想换货', 'yes'],
    ['isEmpty', { left: '{{session.name}}', operator: 'isEmpty' }, 'hi', 'yes'],
    ['isEmpty', { left: q, operator: 'isEmpty' }, 'hi', 'no'],
    ['isNotEmpty', { left: q, operator: 'isNotEmpty' }, 'hi', 'yes'],
    ['greaterThan (as numbers)', { left: q, operator: 'greaterThan', right: '9' }, '10', 'yes'],
    ['greaterThan', { left: q, operator: 'greaterThan', right: '9' }, '8.5', 'no'],
    ['greaterThan, not a number', { left: q, operator: 'greaterThan', right: '1' }, 'abc', 'no'],
    ['greaterThan, empty', { left: q, operator: 'greaterThan', right: '' }, '5', 'no'],
    ['lessThan', { left: q, operator: 'lessThan', right: '100' }, '99', 'yes'],
    ['lessThan, not a number', { left: q, operator: 'lessThan', right: '100' }, 'abc', 'no'],
    ['greaterThan, not a finite number', { left: q, operator: 'greaterThan', right: '9' }, '1e400', 'no'],
  ];
  it.each(cases)('%s: %j on %j takes %s', async (_, rule, question, expected) => {
    const { said, outcome } = await ask(branch([rule]), question);
    expect(said).toEqual([expected]);
    expect(stepOf(outcome, 'check')?.output).toEqual({ result: expected === 'yes' });
    // The branch not taken is in the trace, skipped.
    expect(statuses(outcome)[expected === 'yes' ? 'no' : 'yes']).toBe('skipped');
  });

  it('needs every rule by default, any one with match "any"', async () => {
    const rules: ConditionRule[] = [
      { left: '{{start.question}}', operator: 'contains', right: '退' },
      { left: '{{start.question}}', operator: 'contains', right: '款' },
    ];
    expect((await ask(branch(rules), '退货')).said).toEqual(['no']);
    expect((await ask(branch(rules), '退款')).said).toEqual(['yes']);
    expect((await ask(branch(rules, 'any'), '退货')).said).toEqual(['yes']);
  });
});

describe('runFlow: classify', () => {
  const classes: FlowClass[] = [
    { id: 'shipping', name: '物流', examples: ['快递', '物流'] },
    { id: 'refund', name: '退货', examples: ['退款'] },
  ];
  const routed = (withElse: boolean, options: FlowClass[] = classes) =>
    graphOf(
      [
        node('intent', 'classify', { classes: options }),
        node('ship', 'reply', { text: '物流：{{intent.class}}' }),
        node('back', 'reply', { text: '退货：{{intent.classId}}' }),
        ...(withElse ? [node('other', 'reply', { text: '其他问题' })] : []),
      ],
      [
        edge('start', 'intent'),
        edge('intent', 'ship', 'shipping'),
        edge('intent', 'back', 'refund'),
        ...(withElse ? [edge('intent', 'other', 'else'), ...line('other', 'end')] : []),
        ...line('ship', 'end'),
        ...line('back', 'end'),
      ],
    );

  it('without a model, picks the class whose words the question shares', async () => {
    const { said, outcome } = await ask(routed(true), '我想退货');
    expect(said).toEqual(['退货：refund']);
    expect(stepOf(outcome, 'intent')?.output).toEqual({ class: '退货', classId: 'refund' });
    expect((await ask(routed(true), '我的快递到哪了')).said).toEqual(['物流：物流']);
  });

  it('picks the class sharing the larger part of its words, whatever the order of the classes', async () => {
    const partly: FlowClass[] = [
      { id: 'shipping', name: '物流', examples: ['快递什么时候到'] },
      { id: 'refund', name: '退货', examples: ['退款'] },
    ];
    expect((await ask(routed(true, partly), '快递寄回了，我想退货')).said).toEqual(['退货：refund']);
    expect((await ask(routed(true, partly), '快递什么时候到')).said).toEqual(['物流：物流']);
  });

  it('takes else for a question of no class', async () => {
    const { said, outcome } = await ask(routed(true), '今天天气怎么样');
    expect(said).toEqual(['其他问题']);
    expect(stepOf(outcome, 'intent')?.output).toEqual({ class: '', classId: '' });
  });

  it('ends the run when no class fits and else leads nowhere: the fallback reply is said', async () => {
    const { said, outcome } = await ask(routed(false), '今天天气怎么样');
    expect(said).toEqual([FALLBACK]);
    expect(outcome.failure).toBeUndefined();
    expect(statuses(outcome)).toMatchObject({ intent: 'ok', ship: 'skipped', back: 'skipped', end: 'skipped' });
  });

  it('with a model, follows the class it picks and counts its tokens', async () => {
    const classifyWithModel = vi.fn<FlowServices['classifyWithModel']>(async () => ({
      classId: 'shipping',
      usage: { promptTokens: 40, completionTokens: 1, totalTokens: 41 },
    }));
    const { said, outcome } = await ask(routed(true), '我想退货', { services: fakeServices({ classifyWithModel }) });
    expect(said).toEqual(['物流：物流']);
    expect(outcome.usage).toEqual({ promptTokens: 40, completionTokens: 1, totalTokens: 41 });
    expect(classifyWithModel).toHaveBeenCalledWith(undefined, '我想退货', classes, expect.any(AbortSignal));
    expect(stepOf(outcome, 'intent')?.input).toMatchObject({ by: 'model' });
  });

  it('with a model that picks nothing, takes else', async () => {
    const services = fakeServices({
      classifyWithModel: async () => ({
        classId: undefined,
        usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 },
      }),
    });
    expect((await ask(routed(true), '我想退货', { services })).said).toEqual(['其他问题']);
  });
});

describe('runFlow: knowledge and models', () => {
  it('numbers the passages of each search after the earlier ones, and the model reads them all', async () => {
    const searchKnowledge = vi
      .fn<FlowServices['searchKnowledge']>()
      .mockResolvedValueOnce({ citations: [passage('s1', '七天无理由退货'), passage('s2', '运费由买家承担')] })
      .mockResolvedValueOnce({ citations: [passage('s3', '退款三日到账')] });
    const requests: AnswerRequest[] = [];
    const services = fakeServices({
      searchKnowledge,
      answer: async function* (request) {
        requests.push(request);
        yield { type: 'delta', text: '可以退货。' };
      },
    });
    const graph = graphOf(
      [
        node('policy', 'knowledgeSearch', { datasetIds: ['ds-1'] }),
        node('money', 'knowledgeSearch', { datasetIds: ['ds-2'], query: '退款 {{start.question}}', limit: 1 }),
        node('ai', 'aiChat', { prompt: '找到 {{policy.count}} + {{money.count}} 段' }),
      ],
      line('start', 'policy', 'money', 'ai', 'end'),
    );
    const { said, outcome } = await ask(graph, '能退货吗', { services });
    expect(said).toEqual(['可以退货。']);
    expect(searchKnowledge.mock.calls.map(([datasets, query, limit]) => [datasets, query, limit])).toEqual([
      [['ds-1'], '能退货吗', 3],
      [['ds-2'], '退款 能退货吗', 1],
    ]);
    expect(outcome.citations.map((c) => [c.index, c.segmentId])).toEqual([
      [1, 's1'],
      [2, 's2'],
      [3, 's3'],
    ]);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.knowledge.map((c) => c.index)).toEqual([1, 2, 3]);
    expect(requests[0]?.prompt).toBe('找到 2 + 1 段');
    expect(stepOf(outcome, 'money')?.output).toEqual({ text: '[3] 退款三日到账', count: 1 });
  });

  it('streams the model’s answer as it comes, in order, and a later reply reads it', async () => {
    const events: string[] = [];
    const services = fakeServices({
      answer: async function* () {
        for (const text of ['您好', '，', '请问']) {
          events.push(`model:${text}`);
          yield { type: 'delta', text };
        }
        yield { type: 'usage', usage: { promptTokens: 10, completionTokens: 3, totalTokens: 13 } };
      },
    });
    const graph = graphOf(
      [node('ai', 'aiChat'), node('echo', 'reply', { text: '（{{ai.answer}}）' })],
      line('start', 'ai', 'echo', 'end'),
    );
    const { said, outcome } = await ask(graph, 'hi', { services, onSay: (text) => events.push(`said:${text}`) });
    // Each piece is said before the model gives the next one: nothing is held back.
    expect(events).toEqual([
      'model:您好',
      'said:您好',
      'model:，',
      'said:，',
      'model:请问',
      'said:请问',
      'said:（您好，请问）',
    ]);
    expect(said.join('')).toBe('您好，请问（您好，请问）');
    expect(outcome.answer).toBe('您好，请问（您好，请问）');
    expect(outcome.usage).toEqual({ promptTokens: 10, completionTokens: 3, totalTokens: 13 });
  });

  it('passes the node’s own model, prompt and temperature', async () => {
    const requests: AnswerRequest[] = [];
    const services = fakeServices({
      answer: async function* (request) {
        requests.push(request);
        yield { type: 'delta', text: 'ok' };
      },
    });
    const graph = graphOf(
      [node('ai', 'aiChat', { model: 'gpt-x', prompt: '回答：{{start.question}}', temperature: 0.2 })],
      line('start', 'ai', 'end'),
    );
    await ask(graph, '几点开门', { services });
    expect(requests).toEqual([{ model: 'gpt-x', prompt: '回答：几点开门', temperature: 0.2, knowledge: [] }]);
  });
});

describe('runFlow: the web', () => {
  it('puts the question into the URL percent-encoded and into a JSON body escaped, and reads the JSON answer', async () => {
    const fetch = vi.fn<FlowServices['fetch']>(async () =>
      response(200, JSON.stringify({ order: { status: 'shipped' } }), 'application/json; charset=utf-8'),
    );
    const graph = graphOf(
      [
        node('order', 'httpRequest', {
          method: 'POST',
          url: 'https://api.example.com/orders?q={{start.question}}',
          headers: { 'X-Question-Length': '{{start.question}}' },
          body: '{"question": "{{start.question}}", "source": "flow"}',
        }),
        node('say', 'reply', { text: '订单状态：{{order.json.order.status}}（{{order.status}}）' }),
      ],
      line('start', 'order', 'say', 'end'),
    );
    const question = 'A1&admin=1 "急"\n谢谢';
    const { said } = await ask(graph, question, { services: fakeServices({ fetch }) });
    expect(said).toEqual(['订单状态：shipped（200）']);
    const [url, options] = fetch.mock.calls[0] ?? [];
    expect(url).toBe(`https://api.example.com/orders?q=${encodeURIComponent(question)}`);
    expect(new URL(url as string).searchParams.get('q')).toBe(question);
    expect(options?.method).toBe('POST');
    expect(JSON.parse(options?.body as string)).toEqual({ question, source: 'flow' });
    expect(options?.headers).toEqual({ 'X-Question-Length': question });
  });

  it('sends no body with GET, and a non-JSON answer has no json', async () => {
    const fetch = vi.fn<FlowServices['fetch']>(async () => response(200, 'plain', 'text/plain'));
    const graph = graphOf(
      [
        node('page', 'httpRequest', { method: 'GET', url: 'https://example.com/', body: '{"a": 1}' }),
        node('say', 'reply', { text: '[{{page.body}}][{{page.json}}]' }),
      ],
      line('start', 'page', 'say', 'end'),
    );
    const { said } = await ask(graph, 'x', { services: fakeServices({ fetch }) });
    expect(said).toEqual(['[plain][]']);
    expect(fetch.mock.calls[0]?.[1]).not.toHaveProperty('body');
  });

  it('fails with HTTP_STATUS on an answer of 400 or more, and its failure branch reads the code', async () => {
    const fetch = async () => response(404, '{"error":"no such order"}');
    const graph = graphOf(
      [
        node('order', 'httpRequest', { method: 'GET', url: 'https://api.example.com/orders/1' }),
        node('found', 'reply', { text: 'found' }),
        node('sorry', 'reply', { text: '查询失败（{{order.error.code}}）' }),
      ],
      [...line('start', 'order', 'found', 'end'), edge('order', 'sorry', 'error'), ...line('sorry', 'end')],
    );
    const { said, outcome } = await ask(graph, 'x', { services: fakeServices({ fetch }) });
    expect(said).toEqual(['查询失败（HTTP_STATUS）']);
    expect(outcome.failure).toBeUndefined();
    expect(stepOf(outcome, 'order')).toMatchObject({ status: 'error', error: { code: 'HTTP_STATUS' } });
    expect(statuses(outcome)).toMatchObject({ found: 'skipped', sorry: 'ok' });
  });

  it('reads a web page as its title and text', async () => {
    const readWebPage = vi.fn<FlowServices['readWebPage']>(async () => ({
      title: '营业时间',
      text: '周一至周五 9:00–18:00',
    }));
    const graph = graphOf(
      [
        node('page', 'webReader', { url: 'https://shop.example.com/hours?lang={{start.question}}' }),
        node('say', 'reply', { text: '{{page.title}}：{{page.text}}' }),
      ],
      line('start', 'page', 'say', 'end'),
    );
    const { said } = await ask(graph, 'zh cn', { services: fakeServices({ readWebPage }) });
    expect(said).toEqual(['营业时间：周一至周五 9:00–18:00']);
    expect(readWebPage.mock.calls[0]?.[0]).toBe('https://shop.example.com/hours?lang=zh%20cn');
  });
});
