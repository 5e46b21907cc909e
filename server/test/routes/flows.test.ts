import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AnswerDetail,
  DebugFlowResponse,
  Flow,
  FlowGraph,
  FlowVersionListResponse,
  Robot,
  ShareSettings,
} from '@flotilla/shared/contracts';
import { useTestApp } from '../helper';
import { VISITOR } from './chat-fixtures';

const t = useTestApp();
let admin: string;
let operator: string;
let agent: string;

beforeAll(async () => {
  admin = await t.login();
  operator = (await t.createUser(admin, 'operator')).token;
  agent = (await t.createUser(admin, 'agent')).token;
});

const at = (x: number, y: number) => ({ x, y });

/** start → classify (退货 / 物流) → one reply per class → end: the branching robot an operator draws. */
const branching: FlowGraph = {
  nodes: [
    { id: 'start', type: 'start', position: at(200, 200), data: {} },
    {
      id: 'route',
      type: 'classify',
      position: at(200, 350),
      data: {
        classes: [
          { id: 'returns', name: '退货', examples: ['退款', '退货'] },
          { id: 'shipping', name: '物流', examples: ['快递', '物流', '到哪了'] },
        ],
      },
    },
    {
      id: 'returnsReply',
      type: 'reply',
      position: at(50, 500),
      data: { text: '退货请在订单页申请：{{start.question}}' },
    },
    { id: 'shippingReply', type: 'reply', position: at(350, 500), data: { text: '您的包裹正在路上' } },
    { id: 'end', type: 'end', position: at(200, 650), data: {} },
  ],
  edges: [
    { id: 'e1', source: 'start', target: 'route' },
    { id: 'e2', source: 'route', sourceHandle: 'returns', target: 'returnsReply' },
    { id: 'e3', source: 'route', sourceHandle: 'shipping', target: 'shippingReply' },
    { id: 'e4', source: 'returnsReply', target: 'end' },
    { id: 'e5', source: 'shippingReply', target: 'end' },
  ],
};

const flowRobot = async (token = admin, name = 'Flow robot') =>
  (await t.post('/v1/processes', { token, body: { name, type: 'flow' } })).json<Robot>();
const flowUrl = (robot: Robot, rest = '') => `/v1/processes/${robot.processId}/flow${rest}`;
const save = (robot: Robot, graph: FlowGraph, token = admin, version: 'v1' | 'v3' = 'v3') =>
  t.put(flowUrl(robot), { token, body: { version, ...graph } });

describe('a flow robot', () => {
  it('starts with a published start → aiChat → end flow that answers at once', async () => {
    const robot = await flowRobot();
    expect(robot.type).toBe('flow');
    const flow = (await t.get(flowUrl(robot), { token: admin })).json<Flow>();
    expect(flow.version).toBe('v3');
    expect(flow.draft.nodes.map((node) => node.type)).toEqual(['start', 'aiChat', 'end']);
    expect(flow.published).toEqual(flow.draft);
    expect(flow.publishedAt).not.toBeNull();

    const answer = await t.post('/v2/qa', {
      token: admin,
      body: { processId: robot.processId, question: '你好', stream: false },
    });
    expect(answer.statusCode).toBe(200);
    // No knowledge and the builtin model: the robot's fallback reply.
    expect(answer.json().answer).toBe('抱歉，我暂时无法回答这个问题。');
  });

  it('answers visitors with the published branch, not with the draft, until the draft is published', async () => {
    const robot = await flowRobot();
    const shareBase = `/v1/users/${robot.adminId}/processes/${robot.processId}/share`;
    const share = (await t.put(`${shareBase}/enable`, { token: admin })).json<ShareSettings>();
    const ask = async (question: string) =>
      (await t.post('/v2/qa', { body: { shareId: share.shareId, visitorId: VISITOR, question, stream: false } })).json<{
        answer: string;
        completionId: string;
      }>();

    expect((await save(robot, branching)).statusCode).toBe(200);
    expect((await ask('我想退货')).answer).toBe('抱歉，我暂时无法回答这个问题。');

    const published = await t.post(flowUrl(robot, '/publish'), { token: admin });
    expect(published.statusCode).toBe(200);
    expect(published.json<Flow>().published).toEqual(branching);
    expect((await ask('我想退货')).answer).toBe('退货请在订单页申请：我想退货');
    const shipping = await ask('我的快递到哪了');
    expect(shipping.answer).toBe('您的包裹正在路上');

    // The robot's logs show what each node did for that answer.
    const logged = (await t.get(`/v1/completions/${shipping.completionId}`, { token: admin })).json<AnswerDetail>();
    expect(logged.trace.filter((step) => step.status === 'ok').map((step) => step.nodeId)).toEqual([
      'start',
      'route',
      'shippingReply',
      'end',
    ]);
    expect(logged.trace.find((step) => step.nodeId === 'returnsReply')?.status).toBe('skipped');
  });

  it('streams a flow answer as deltas, then done', async () => {
    const robot = await flowRobot();
    await save(robot, branching);
    await t.post(flowUrl(robot, '/publish'), { token: admin });
    const res = await t.post('/v2/qa', { token: admin, body: { processId: robot.processId, question: '退款怎么办' } });
    const events = res.body
      .split('\n\n')
      .filter((chunk) => chunk.startsWith('data: '))
      .map((chunk) => JSON.parse(chunk.slice(6)) as { type: string; text?: string });
    expect(events.at(-1)?.type).toBe('done');
    expect(
      events
        .filter((event) => event.type === 'delta')
        .map((event) => event.text)
        .join(''),
    ).toBe('退货请在订单页申请：退款怎么办');
  });
});

describe('PUT /v1/processes/{id}/flow', () => {
  it('refuses a graph that cannot run with a 422 naming the node and field, and keeps the old draft', async () => {
    const robot = await flowRobot();
    const before = (await t.get(flowUrl(robot), { token: admin })).json<Flow>();
    const broken: FlowGraph = {
      nodes: [
        ...branching.nodes.filter((node) => node.id !== 'shippingReply'),
        { id: 'shippingReply', type: 'reply', position: at(350, 500), data: {} } as never,
        { id: 'lonely', type: 'reply', position: at(600, 600), data: { text: 'nobody reaches me' } },
      ],
      edges: branching.edges,
    };
    const res = await save(robot, broken);
    expect(res.statusCode).toBe(422);
    const locs = res.json<{ detail: Array<{ loc: string[]; type: string }> }>().detail.map((d) => d.loc.join('.'));
    expect(locs).toContain('body.nodes.shippingReply.text');
    expect((await t.get(flowUrl(robot), { token: admin })).json<Flow>().draft).toEqual(before.draft);
  });

  it.each([
    [
      'no start',
      { nodes: branching.nodes.filter((n) => n.id !== 'start'), edges: branching.edges.slice(1) },
      'body.nodes',
    ],
    [
      'an unreachable node',
      { nodes: [...branching.nodes, { id: 'far', type: 'end', position: at(0, 0), data: {} }], edges: branching.edges },
      'body.nodes.far.id',
    ],
    [
      'a dangling edge',
      { nodes: branching.nodes, edges: [...branching.edges, { id: 'e9', source: 'end', target: 'ghost' }] },
      'body.edges.e9.target',
    ],
    [
      'a cycle',
      {
        nodes: branching.nodes,
        edges: [...branching.edges.filter((e) => e.id !== 'e4'), { id: 'e4', source: 'returnsReply', target: 'route' }],
      },
      'body.nodes.route.next',
    ],
    [
      'a class leading nowhere',
      { nodes: branching.nodes, edges: branching.edges.filter((e) => e.id !== 'e3') },
      'body.nodes.route.classes',
    ],
  ])('refuses %s', async (_, graph, loc) => {
    const robot = await flowRobot();
    const res = await save(robot, graph as FlowGraph);
    expect(res.statusCode).toBe(422);
    expect(res.json<{ detail: Array<{ loc: string[] }> }>().detail.map((d) => d.loc.join('.'))).toContain(loc);
  });

  it('refuses a model that is not configured and another tenant’s dataset', async () => {
    const robot = await flowRobot();
    const other = await t.createTenant(admin);
    const foreign = (await t.post('/v1/datasets', { token: other.token, body: { name: 'Theirs' } })).json<{
      id: string;
    }>();
    const graph: FlowGraph = {
      nodes: [
        { id: 'start', type: 'start', position: at(0, 0), data: {} },
        { id: 'kb', type: 'knowledgeSearch', position: at(0, 100), data: { datasetIds: [foreign.id] } },
        { id: 'ai', type: 'aiChat', position: at(0, 200), data: { model: 'no-such-model' } },
        { id: 'end', type: 'end', position: at(0, 300), data: {} },
      ],
      edges: [
        { id: 'a', source: 'start', target: 'kb' },
        { id: 'b', source: 'kb', target: 'ai' },
        { id: 'c', source: 'ai', target: 'end' },
      ],
    };
    const res = await save(robot, graph);
    expect(res.statusCode).toBe(422);
    expect(
      res
        .json<{ detail: Array<{ loc: string[] }> }>()
        .detail.map((d) => d.loc.join('.'))
        .sort(),
    ).toEqual(['body.nodes.ai.model', 'body.nodes.kb.datasetIds']);
  });

  it('turns a simple robot into a flow robot that keeps its basic answers until the flow is published', async () => {
    const robot = (await t.post('/v1/processes', { token: admin, body: { name: 'Simple first' } })).json<Robot>();
    expect((await t.get(flowUrl(robot), { token: admin })).statusCode).toBe(404);
    expect((await save(robot, branching)).statusCode).toBe(200);
    expect((await t.get(`/v1/processes/${robot.processId}`, { token: admin })).json<Robot>().type).toBe('flow');
    const flow = (await t.get(flowUrl(robot), { token: admin })).json<Flow>();
    expect(flow.published).toBeNull();
    const answer = await t.post('/v2/qa', {
      token: admin,
      body: { processId: robot.processId, question: '我想退货', stream: false },
    });
    expect(answer.json().answer).toBe('抱歉，我暂时无法回答这个问题。');
  });

  it('saves a v1 flow as its steps and answers with it compiled', async () => {
    const robot = await flowRobot();
    const steps: FlowGraph = {
      nodes: [
        {
          id: 'faq',
          type: 'classify',
          position: at(200, 200),
          data: {
            classes: [{ id: 'hours', name: '营业时间', examples: ['几点', '营业'], reply: '我们 9 点到 18 点营业' }],
          },
        } as never,
        { id: 'closing', type: 'reply', position: at(200, 350), data: { text: '还有什么可以帮您？' } },
      ],
      edges: [],
    };
    expect((await save(robot, steps, admin, 'v1')).statusCode).toBe(200);
    await t.post(flowUrl(robot, '/publish'), { token: admin });
    const ask = async (question: string) =>
      (await t.post('/v2/qa', { token: admin, body: { processId: robot.processId, question, stream: false } })).json()
        .answer;
    expect(await ask('你们几点营业')).toBe('我们 9 点到 18 点营业');
    expect(await ask('退货')).toBe('还有什么可以帮您？');
  });
});

describe('debug, publish, versions', () => {
  it('debugs the draft node by node without storing an answer', async () => {
    const robot = await flowRobot();
    await save(robot, branching);
    const res = await t.post(flowUrl(robot, '/debug'), { token: admin, body: { question: '我想退货' } });
    expect(res.statusCode).toBe(200);
    const debug = res.json<DebugFlowResponse>();
    expect(debug.answer).toBe('退货请在订单页申请：我想退货');
    const route = debug.trace.find((step) => step.nodeId === 'route');
    expect(route).toMatchObject({ type: 'classify', status: 'ok', output: { class: '退货', classId: 'returns' } });
    expect(debug.trace.find((step) => step.nodeId === 'shippingReply')?.status).toBe('skipped');
    const logs = await t.get(`/v1/completions/processes?processId=${robot.processId}&offset=0&limit=20`, {
      token: admin,
    });
    expect(logs.json().total).toBe(0);
  });

  it('collects a form over several debug turns of one session', async () => {
    const robot = await flowRobot();
    const graph: FlowGraph = {
      nodes: [
        { id: 'start', type: 'start', position: at(0, 0), data: {} },
        {
          id: 'lead',
          type: 'formCollect',
          position: at(0, 100),
          data: {
            fields: [
              { name: 'name', label: '姓名', type: 'text', required: true },
              { name: 'phone', label: '手机号', type: 'phone', required: true },
            ],
            doneText: '谢谢{{lead.name}}，我们会致电 {{lead.phone}}',
          },
        },
        { id: 'end', type: 'end', position: at(0, 200), data: {} },
      ],
      edges: [
        { id: 'a', source: 'start', target: 'lead' },
        { id: 'b', source: 'lead', target: 'end' },
      ],
    };
    expect((await save(robot, graph)).statusCode).toBe(200);
    const debug = async (question: string, sessionId?: string) =>
      (
        await t.post(flowUrl(robot, '/debug'), {
          token: admin,
          body: { question, ...(sessionId ? { sessionId } : {}) },
        })
      ).json<DebugFlowResponse>();
    const first = await debug('我想了解一下');
    expect(first.answer).toBe('请提供您的姓名。');
    const second = await debug('张三', first.sessionId);
    expect(second.answer).toBe('请提供您的手机号。');
    const third = await debug('13800138000', first.sessionId);
    expect(third.answer).toBe('谢谢张三，我们会致电 13800138000');
  });

  it('lists published versions and restores one as the draft', async () => {
    const robot = await flowRobot();
    await save(robot, branching);
    await t.post(flowUrl(robot, '/publish'), { token: admin });
    const versions = (await t.get(flowUrl(robot, '/versions'), { token: admin })).json<FlowVersionListResponse>();
    expect(versions.total).toBe(2);
    expect(versions.list.map((v) => [v.number, v.nodeCount])).toEqual([
      [2, 5],
      [1, 3],
    ]);
    const first = versions.list[1]!;
    const restored = await t.post(flowUrl(robot, `/versions/${first.id}/restore`), { token: admin });
    expect(restored.statusCode).toBe(200);
    expect(restored.json<Flow>().draft.nodes.map((n) => n.type)).toEqual(['start', 'aiChat', 'end']);
    // Still answering with version 2 until the restored draft is published.
    expect(restored.json<Flow>().published).toEqual(branching);
    expect((await t.post(flowUrl(robot, '/versions/no-such-version/restore'), { token: admin })).statusCode).toBe(404);
  });

  it('copies the flow with the robot', async () => {
    const robot = await flowRobot();
    await save(robot, branching);
    await t.post(flowUrl(robot, '/publish'), { token: admin });
    const copy = (await t.get(`/v1/processes/${robot.processId}/clone`, { token: admin })).json<Robot>();
    const flow = (await t.get(flowUrl(copy), { token: admin })).json<Flow>();
    expect(flow.draft).toEqual(branching);
    expect(flow.published).toEqual(branching);
    const answer = await t.post('/v2/qa', {
      token: admin,
      body: { processId: copy.processId, question: '我的快递到哪了', stream: false },
    });
    expect(answer.json().answer).toBe('您的包裹正在路上');
  });
});

describe('who may do what', () => {
  it('lets agents read flows and versions but not change, debug or publish them', async () => {
    const robot = await flowRobot();
    expect((await t.get(flowUrl(robot), { token: agent })).statusCode).toBe(200);
    expect((await t.get(flowUrl(robot, '/versions'), { token: agent })).statusCode).toBe(200);
    expect((await save(robot, branching, agent)).statusCode).toBe(403);
    expect((await t.post(flowUrl(robot, '/debug'), { token: agent, body: { question: 'hi' } })).statusCode).toBe(403);
    expect((await t.post(flowUrl(robot, '/publish'), { token: agent })).statusCode).toBe(403);
    expect((await save(robot, branching, operator)).statusCode).toBe(200);
    expect((await t.post(flowUrl(robot, '/publish'), { token: operator })).statusCode).toBe(200);
  });

  it("answers 404 for another tenant's robot, and 401 without a token", async () => {
    const robot = await flowRobot();
    const other = await t.createTenant(admin);
    expect((await t.get(flowUrl(robot), { token: other.token })).statusCode).toBe(404);
    expect((await save(robot, branching, other.token)).statusCode).toBe(404);
    expect((await t.post(flowUrl(robot, '/publish'), { token: other.token })).statusCode).toBe(404);
    expect((await t.get(flowUrl(robot))).statusCode).toBe(401);
    expect((await t.get(flowUrl(robot), { token: admin })).json<Flow>().draft.nodes).toHaveLength(3);
  });
});
