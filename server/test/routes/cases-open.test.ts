import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Case, CaseForm, FlowGraph, FormField, Robot, ShareSettings } from '@flotilla/shared/contracts';
import { useTestApp } from '../helper';
import { startFakeOpenAi } from '../support/fake-openai';
import { OTHER_VISITOR, VISITOR } from './chat-fixtures';

const upstream = await startFakeOpenAi();
const MODELS = [
  { id: 'free-model', name: 'Free', price: 0, baseUrl: upstream.baseUrl, apiKey: 'sk-upstream', model: 'up-model' },
];
const t = useTestApp({ config: { openaiModels: MODELS, answerTimeoutMs: 2000 } });
afterAll(() => upstream.close());

let admin: string;

beforeAll(async () => {
  admin = await t.login();
});

const PHONE_FORM: CaseForm = {
  enabled: true,
  fields: [{ name: 'phone', label: 'Phone', type: 'phone', required: true }],
};

/** A robot with its share enabled and the given case form (and model). */
async function robotWithForm(form: CaseForm, options: { model?: string; type?: 'flow' } = {}) {
  const robot = (
    await t.post('/v1/processes', { token: admin, body: { name: 'Leads', ...(options.type ? { type: 'flow' } : {}) } })
  ).json<Robot>();
  if (options.model)
    await t.put(`/v1/processes/${robot.processId}/basic`, { token: admin, body: { model: options.model } });
  expect((await t.put(`/v1/processes/${robot.processId}/caseForm`, { token: admin, body: form })).statusCode).toBe(200);
  const base = `/v1/users/${robot.adminId}/processes/${robot.processId}/share`;
  const share = (await t.put(`${base}/enable`, { token: admin })).json<ShareSettings>();
  return { robot, share };
}

/** A visitor's question through the share; answers the session id. */
async function say(shareId: string, question: string, sessionId?: string, visitorId = VISITOR): Promise<string> {
  const res = await t.post('/v2/qa', {
    body: { shareId, visitorId, question, stream: false, ...(sessionId ? { sessionId } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ sessionId: string }>().sessionId;
}

const casesOf = async (processId: string) =>
  (await t.get(`/v1/case?processId=${processId}`, { token: admin })).json<{ list: Case[]; total: number }>();

/** Polls the cases list until the robot has `count` cases (a bounded number of tries, each after the openings settle). */
async function waitForCases(processId: string, count: number): Promise<Case[]> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    await t.app.answers.casesSettled();
    const { list } = await casesOf(processId);
    if (list.length >= count) return list;
  }
  throw new Error(`robot ${processId} never had ${count} case(s)`);
}

/** Every opening under way is done: what the list shows now stays. */
async function settledCases(processId: string): Promise<Case[]> {
  await t.app.answers.casesSettled();
  return (await casesOf(processId)).list;
}

describe('opening cases from a robot’s case form', () => {
  it('opens one case when a share visitor gives the phone, and no more for later messages', async () => {
    const { robot, share } = await robotWithForm(PHONE_FORM);
    const sessionId = await say(share.shareId, 'my number is 13800138000');
    const [opened] = await waitForCases(robot.processId, 1);
    expect(opened).toMatchObject({
      form: { phone: '13800138000' },
      source: 'caseForm',
      status: 'new',
      phone: '13800138000',
      sessionId,
      processName: 'Leads',
    });
    expect(opened?.title).toContain('13800138000');

    await say(share.shareId, 'and my other number is 13900139000', sessionId);
    await say(share.shareId, 'thanks', sessionId);
    expect(await settledCases(robot.processId)).toHaveLength(1);

    // The visitor follows it on the share page; another visitor sees nothing of it.
    const mine = await t.get(`/v1/case/share/info?shareId=${share.shareId}&visitorId=${VISITOR}`);
    expect(mine.json()).toMatchObject({ list: [{ id: opened?.id, status: 'new', form: { phone: '13800138000' } }] });
    const theirs = await t.get(`/v1/case/share/info?shareId=${share.shareId}&visitorId=${OTHER_VISITOR}`);
    expect(theirs.json()).toEqual({ list: [] });
  });

  it('waits until every required field is given, across messages, and keeps numbers as numbers', async () => {
    const { robot, share } = await robotWithForm({
      enabled: true,
      fields: [
        { name: 'name', label: 'Name', type: 'text', required: true },
        { name: 'phone', label: '电话', type: 'phone', required: true },
        { name: 'email', label: 'Email', type: 'email', required: false },
        { name: 'orderNo', label: '订单号', type: 'text', required: true },
        { name: 'quantity', label: 'Quantity', type: 'number', required: true },
      ],
    });
    const sessionId = await say(share.shareId, 'Name: Li Lei, 电话：138-0013-8000');
    await say(share.shareId, '订单号是 A2024001122', sessionId);
    expect(await settledCases(robot.processId)).toEqual([]);
    await say(share.shareId, 'Quantity: 3, mail me at li@example.com', sessionId);
    const [opened] = await waitForCases(robot.processId, 1);
    expect(opened).toMatchObject({
      form: { name: 'Li Lei', phone: '13800138000', email: 'li@example.com', orderNo: 'A2024001122', quantity: 3 },
      customer: 'Li Lei',
      phone: '13800138000',
    });
  });

  it('opens nothing while the form is off, and nothing for a robot without a form', async () => {
    const { robot, share } = await robotWithForm({ ...PHONE_FORM, enabled: false });
    await say(share.shareId, 'my number is 13800138000');
    expect(await settledCases(robot.processId)).toEqual([]);
  });

  it('opens a case from a staff member’s conversation too, without visitor or share', async () => {
    const { robot } = await robotWithForm(PHONE_FORM);
    const res = await t.post('/v2/qa', {
      token: admin,
      body: { processId: robot.processId, question: 'call 13800138000', stream: false },
    });
    expect(res.statusCode).toBe(200);
    const [opened] = await waitForCases(robot.processId, 1);
    expect(opened?.sessionId).toBe(res.json().sessionId);
  });

  it('opens one case when two answers of one conversation race', async () => {
    const { robot, share } = await robotWithForm(PHONE_FORM);
    const sessionId = await say(share.shareId, 'hello');
    await Promise.all([
      say(share.shareId, 'my number is 13800138000', sessionId),
      say(share.shareId, 'or 13900139000', sessionId),
    ]);
    await waitForCases(robot.processId, 1);
    expect(await settledCases(robot.processId)).toHaveLength(1);
  });

  it('lets the unique index settle two openings of one conversation at once', async () => {
    const { robot } = await robotWithForm(PHONE_FORM);
    const { tenantId } = (await t.get('/v1/users/me', { token: admin })).json<{ tenantId: string }>();
    const input = { processId: robot.processId, title: 'Race', sessionId: 'raced-session' };
    const ids = await Promise.all([t.app.repos.cases.open(tenantId, input), t.app.repos.cases.open(tenantId, input)]);
    expect(ids.filter((id) => id !== undefined)).toHaveLength(1);
    expect((await casesOf(robot.processId)).total).toBe(1);
  });
});

describe('opening cases with the robot’s model', () => {
  it('asks the model for the fields as JSON and opens the case with its values', async () => {
    const { robot, share } = await robotWithForm(
      {
        enabled: true,
        fields: [
          { name: 'name', label: 'Name', type: 'text', required: true },
          { name: 'phone', label: 'Phone', type: 'phone', required: true },
        ],
      },
      { model: 'free-model' },
    );
    upstream.setMode({ kind: 'answer', text: '```json\n{"name": "Wang Fang", "phone": "13700137000"}\n```' });
    await say(share.shareId, 'This is Wang Fang, reach me on 13700137000');
    const [opened] = await waitForCases(robot.processId, 1);
    expect(opened).toMatchObject({ form: { name: 'Wang Fang', phone: '13700137000' }, customer: 'Wang Fang' });
    const extraction = upstream.received.find((request) =>
      JSON.stringify(request.body.messages).includes('fill a form'),
    );
    expect(JSON.stringify(extraction?.body.messages)).toContain('This is Wang Fang, reach me on 13700137000');
  });

  it('falls back to the patterns when the model’s reply is no JSON', async () => {
    const { robot, share } = await robotWithForm(PHONE_FORM, { model: 'free-model' });
    upstream.setMode({ kind: 'answer', text: 'I cannot help with that.' });
    await say(share.shareId, 'my number is 13800138000');
    const [opened] = await waitForCases(robot.processId, 1);
    expect(opened?.form).toEqual({ phone: '13800138000' });
  });

  it('falls back to the patterns when the model fails (the answer failing too)', async () => {
    const { robot, share } = await robotWithForm(PHONE_FORM, { model: 'free-model' });
    upstream.setMode({ kind: 'fail', status: 500 });
    const failed = await t.post('/v2/qa', {
      body: { shareId: share.shareId, visitorId: VISITOR, question: 'my number is 13800138000', stream: false },
    });
    expect(failed.json().code).toBe('PROVIDER_ERROR');
    const [opened] = await waitForCases(robot.processId, 1);
    expect(opened?.form).toEqual({ phone: '13800138000' });
    upstream.setMode({ kind: 'answer', text: 'ok' });
  });
});

describe('opening cases from a flow’s formCollect node', () => {
  /** A published flow robot whose one formCollect node asks for the fields; answers its share. */
  async function flowCollecting(fields: FormField[]) {
    const robot = (
      await t.post('/v1/processes', { token: admin, body: { name: 'Flow leads', type: 'flow' } })
    ).json<Robot>();
    const at = (x: number, y: number) => ({ x, y });
    const graph: FlowGraph = {
      nodes: [
        { id: 'start', type: 'start', position: at(0, 0), data: {} },
        { id: 'lead', type: 'formCollect', position: at(0, 100), data: { fields, doneText: '谢谢' } },
        { id: 'end', type: 'end', position: at(0, 200), data: {} },
      ],
      edges: [
        { id: 'a', source: 'start', target: 'lead' },
        { id: 'b', source: 'lead', target: 'end' },
      ],
    };
    const flowUrl = `/v1/processes/${robot.processId}/flow`;
    expect((await t.put(flowUrl, { token: admin, body: { version: 'v3', ...graph } })).statusCode).toBe(200);
    expect((await t.post(`${flowUrl}/publish`, { token: admin })).statusCode).toBe(200);
    const share = (
      await t.put(`/v1/users/${robot.adminId}/processes/${robot.processId}/share/enable`, { token: admin })
    ).json<ShareSettings>();
    return { robot, share };
  }

  it('opens a case with the node’s values once its required fields are in', async () => {
    const { robot, share } = await flowCollecting([
      { name: 'name', label: '姓名', type: 'text', required: true },
      { name: 'phone', label: '手机号', type: 'phone', required: true },
    ]);
    const sessionId = await say(share.shareId, '我想了解一下');
    await say(share.shareId, '韩梅梅', sessionId);
    expect(await settledCases(robot.processId)).toEqual([]);
    await say(share.shareId, '13800138000', sessionId);
    const [opened] = await waitForCases(robot.processId, 1);
    expect(opened).toMatchObject({ source: 'flow', form: { name: '韩梅梅', phone: '13800138000' }, sessionId });
    await say(share.shareId, '还有别的问题', sessionId);
    expect(await settledCases(robot.processId)).toHaveLength(1);
  });

  it('checks the node’s values as a case form’s: a number past the bound is left out', async () => {
    const { robot, share } = await flowCollecting([
      { name: 'phone', label: '手机号', type: 'phone', required: true },
      { name: 'quantity', label: '数量', type: 'number', required: false },
    ]);
    const sessionId = await say(share.shareId, `我要 1${'0'.repeat(400)} 个`);
    await say(share.shareId, '13800138000', sessionId);
    const [opened] = await waitForCases(robot.processId, 1);
    expect(opened?.form).toEqual({ phone: '13800138000' });
  });
});

describe('routing an opened case to a team', () => {
  it('gives the case to the subscribed team’s next agent; its team sees it, other agents do not', async () => {
    const { robot, share } = await robotWithForm(PHONE_FORM);
    const first = await t.createUser(admin, 'agent');
    const second = await t.createUser(admin, 'agent');
    const outsider = await t.createUser(admin, 'agent');
    const team = await t.post('/v1/case/team', {
      token: admin,
      body: { name: 'Sales', memberIds: [first.user.id, second.user.id] },
    });
    expect(team.statusCode, team.body).toBe(200);
    const teamId = team.json<{ id: string }>().id;
    await t.post('/v1/case/team/processes', { token: admin, body: { teamId, processIds: [robot.processId] } });

    await say(share.shareId, 'my number is 13800138000');
    const [opened] = await waitForCases(robot.processId, 1);
    expect(opened).toMatchObject({ teamId, teamName: 'Sales', status: 'assigned' });
    expect([first.user.id, second.user.id]).toContain(opened?.assigneeId);

    for (const member of [first, second]) {
      const seen = (await t.get(`/v1/case?processId=${robot.processId}`, { token: member.token })).json();
      expect(seen.list.map((c: Case) => c.id)).toEqual([opened?.id]);
    }
    expect((await t.get(`/v1/case?processId=${robot.processId}`, { token: outsider.token })).json().total).toBe(0);
    expect((await t.get(`/v1/case/${opened?.id}`, { token: outsider.token })).statusCode).toBe(404);
    expect((await t.get(`/v1/case?teamId=${teamId}`, { token: admin })).json().total).toBe(1);
  });
});
