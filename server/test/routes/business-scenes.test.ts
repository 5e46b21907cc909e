import { beforeAll, describe, expect, it } from 'vitest';
import type {
  BusinessScene,
  Dataset,
  Flow,
  FlowNode,
  Robot,
  SceneRobotListResponse,
  SceneTemplate,
} from '@flotilla/shared/contracts';
import { useTestApp } from '../helper';

const t = useTestApp();
let admin: string;
let dataset: Dataset;

const en = { 'accept-language': 'en' };
const zh = { 'accept-language': 'zh-CN' };

beforeAll(async () => {
  admin = await t.login();
  dataset = (await t.post('/v1/datasets', { token: admin, body: { name: 'Manuals' } })).json<Dataset>();
});

const createScene = (body: Record<string, unknown>, token = admin, headers: Record<string, string> = en) =>
  t.post('/v1/business-scenes', { token, body, headers });
const publishedNode = async (processId: string, nodeId: string) => {
  const flow = (await t.get(`/v1/processes/${processId}/flow`, { token: admin })).json<Flow>();
  return flow.published?.nodes.find((node) => node.id === nodeId) as FlowNode;
};
const ask = (processId: string, question: string, sessionId?: string) =>
  t.post('/v2/qa', {
    token: admin,
    body: { processId, question, stream: false, ...(sessionId ? { sessionId } : {}) },
    headers: en,
  });

describe('GET /v1/business-scenes/templates', () => {
  it("lists the offered templates in the request's language, order lookup with its database field", async () => {
    const english = (await t.get('/v1/business-scenes/templates', { token: admin, headers: en })).json<
      SceneTemplate[]
    >();
    expect(english.map((template) => template.id)).toEqual([
      'after-sales-faq',
      'lead-collection',
      'store-info',
      'complaint-routing',
      'order-lookup',
      'product-order',
    ]);
    expect(english[4]?.fields[0]).toEqual({
      name: 'databases',
      label: 'Database holding the orders',
      kind: 'databases',
      required: true,
    });
    expect(english[0]).toMatchObject({
      name: 'After-sales FAQ',
      fields: [
        { name: 'datasets', label: 'Datasets', kind: 'datasets', required: true },
        { name: 'prompt', label: 'How to answer', kind: 'textarea', required: true, default: expect.any(String) },
      ],
    });
    const chinese = (await t.get('/v1/business-scenes/templates', { token: admin, headers: zh })).json<
      SceneTemplate[]
    >();
    expect(chinese[0]?.name).toBe('售后问答');
  });
});

describe('POST /v1/business-scenes', () => {
  it('builds a published flow robot from the template, listed with the scenes and with the robots', async () => {
    const res = await createScene({
      templateId: 'after-sales-faq',
      name: 'Returns desk',
      values: { datasets: [dataset.id], prompt: 'Answer in one sentence.' },
    });
    expect(res.statusCode).toBe(200);
    const robot = res.json<Robot>();
    expect(robot).toMatchObject({ name: 'Returns desk', type: 'flow' });
    expect((await publishedNode(robot.processId, 'search')).data).toMatchObject({ datasetIds: [dataset.id] });
    expect((await publishedNode(robot.processId, 'answer')).data).toMatchObject({ prompt: 'Answer in one sentence.' });

    const scene = await t.get(`/v1/business-scenes/${robot.processId}`, { token: admin });
    expect(scene.json()).toEqual({
      processId: robot.processId,
      templateId: 'after-sales-faq',
      name: 'Returns desk',
      values: { datasets: [dataset.id], prompt: 'Answer in one sentence.' },
    });
    const scenes = (
      await t.get('/v1/business-scenes?keyword=returns', { token: admin })
    ).json<SceneRobotListResponse>();
    expect(scenes.list.map((row) => [row.robot.name, row.templateId])).toEqual([['Returns desk', 'after-sales-faq']]);
    const robots = (await t.get('/v1/processes?keyword=Returns', { token: admin })).json<{ list: Robot[] }>();
    expect(robots.list.map((listed) => listed.processId)).toContain(robot.processId);
  });

  it("fills absent fields with their defaults in the creator's language", async () => {
    const robot = (
      await createScene({ templateId: 'lead-collection', name: '线索', values: {} }, admin, zh)
    ).json<Robot>();
    const scene = (await t.get(`/v1/business-scenes/${robot.processId}`, { token: admin })).json<BusinessScene>();
    expect(scene.values.nameQuestion).toBe('您好！请问怎么称呼您？');
    const form = await publishedNode(robot.processId, 'form');
    expect(form.type === 'formCollect' && form.data.fields.map((field) => field.label)).toEqual([
      '姓名',
      '电话',
      '需求',
    ]);
  });

  it('answers 422 at the field refused', async () => {
    const refused = async (templateId: string, values: Record<string, unknown>) => {
      const res = await createScene({ templateId, name: 'Refused', values });
      expect(res.statusCode).toBe(422);
      return res.json<{ detail: Array<{ loc: string[]; msg: string; type: string }> }>().detail;
    };
    expect(await refused('after-sales-faq', { datasets: [] })).toEqual([
      { loc: ['body', 'values', 'datasets'], msg: 'This field is required', type: 'VALIDATION_FAILED' },
    ]);
    expect((await refused('store-info', { hours: ['Open', 'Closed'] }))[0]).toMatchObject({
      loc: ['body', 'values', 'hours'],
      msg: 'This field takes another kind of value (text or a list of datasets)',
    });
    for (const unitPrice of ['12.345', '-1', '1e3', 'ninety'])
      expect((await refused('product-order', { unitPrice }))[0], unitPrice).toMatchObject({
        loc: ['body', 'values', 'unitPrice'],
        msg: 'Enter an amount such as 99 or 12.50 (at most two decimals)',
      });
    expect(
      (await createScene({ templateId: 'product-order', name: 'Kettles', values: { unitPrice: ' 12.5 ' } })).statusCode,
    ).toBe(200);
    expect((await refused('store-info', { colour: 'red' }))[0]).toMatchObject({
      loc: ['body', 'values', 'colour'],
      msg: 'The template has no such field',
    });
    expect((await refused('store-info', { hours: 'x'.repeat(4001) }))[0]?.loc.slice(0, 3)).toEqual([
      'body',
      'values',
      'hours',
    ]);
    expect((await refused('after-sales-faq', { datasets: [{ id: 'x' }] }))[0]?.loc.slice(0, 3)).toEqual([
      'body',
      'values',
      'datasets',
    ]);
    expect((await refused('complaint-routing', { refund: 'See {{nowhere.text}}' }))[0]).toMatchObject({
      loc: ['body', 'values', 'refund'],
      type: 'VALIDATION_FAILED',
    });
    const noName = await createScene({ templateId: 'store-info', values: {} });
    expect(noName.statusCode).toBe(422);
    expect(noName.json().detail[0].loc).toEqual(['body', 'name']);
  });

  it('answers 404 for an unknown template, and for a dataset or database of another tenant', async () => {
    const res = await createScene({ templateId: 'no-such-template', name: 'Nope', values: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'SCENE_TEMPLATE_NOT_FOUND', message: 'Scene template not found' });
    const other = await t.createTenant(admin);
    const theirs = (await t.post('/v1/datasets', { token: other.token, body: { name: 'Theirs' } })).json<Dataset>();
    const theirDatabase = (
      await t.post('/v1/databases', { token: other.token, body: { name: 'Theirs', kind: 'builtin' } })
    ).json<{ id: string }>();
    const before = (await t.get('/v1/processes', { token: admin })).json<{ total: number }>().total;
    const sneaky = await createScene({
      templateId: 'after-sales-faq',
      name: 'Sneaky',
      values: { datasets: [theirs.id] },
    });
    expect(sneaky.statusCode).toBe(404);
    expect(sneaky.json().code).toBe('DATASET_NOT_FOUND');
    const orders = await createScene({
      templateId: 'order-lookup',
      name: 'Sneaky orders',
      values: { databases: [theirDatabase.id] },
    });
    expect(orders.statusCode).toBe(404);
    expect(orders.json().code).toBe('DATABASE_NOT_FOUND');
    // Nothing was created.
    expect((await t.get('/v1/processes', { token: admin })).json<{ total: number }>().total).toBe(before);
  });
});

describe('PUT /v1/business-scenes/{processId}', () => {
  it('builds the flow again from the template and publishes it, with the new name', async () => {
    const robot = (await createScene({ templateId: 'store-info', name: 'Shop', values: {} })).json<Robot>();
    const res = await t.put(`/v1/business-scenes/${robot.processId}`, {
      token: admin,
      body: { name: 'Shop on Main Street', values: { hours: 'Open 8 to 8.' } },
      headers: en,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Shop on Main Street', values: { hours: 'Open 8 to 8.' } });
    expect((await publishedNode(robot.processId, 'hours')).data).toMatchObject({ text: 'Open 8 to 8.' });
    const versions = await t.get(`/v1/processes/${robot.processId}/flow/versions`, { token: admin });
    expect(versions.json().total).toBe(2);
    expect((await t.get(`/v1/processes/${robot.processId}`, { token: admin })).json().name).toBe('Shop on Main Street');

    const refused = await t.put(`/v1/business-scenes/${robot.processId}`, {
      token: admin,
      body: { values: { hours: '' } },
      headers: en,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail[0].loc).toEqual(['body', 'values', 'hours']);
  });

  it('answers 404 SCENE_NOT_FOUND for a robot not built from a scene', async () => {
    const plain = (await t.post('/v1/processes', { token: admin, body: { name: 'Plain' } })).json<Robot>();
    const get = await t.get(`/v1/business-scenes/${plain.processId}`, { token: admin, headers: en });
    expect(get.statusCode).toBe(404);
    expect(get.json().code).toBe('SCENE_NOT_FOUND');
    const put = await t.put(`/v1/business-scenes/${plain.processId}`, { token: admin, body: { values: {} } });
    expect(put.json().code).toBe('SCENE_NOT_FOUND');
  });
});

describe('roles and tenants', () => {
  it('lets agents read scenes but not create or change them (403)', async () => {
    const robot = (await createScene({ templateId: 'store-info', name: 'Readable', values: {} })).json<Robot>();
    const { token } = await t.createUser(admin, 'agent');
    expect((await t.get('/v1/business-scenes/templates', { token })).statusCode).toBe(200);
    expect((await t.get('/v1/business-scenes', { token })).statusCode).toBe(200);
    expect((await t.get(`/v1/business-scenes/${robot.processId}`, { token })).statusCode).toBe(200);
    expect((await createScene({ templateId: 'store-info', name: 'No', values: {} }, token)).statusCode).toBe(403);
    // Refused before validation: a body the schema refuses is still 403.
    expect((await createScene({}, token)).statusCode).toBe(403);
    const put = await t.put(`/v1/business-scenes/${robot.processId}`, { token, body: { values: {} } });
    expect(put.statusCode).toBe(403);
    expect((await t.get('/v1/business-scenes/templates')).statusCode).toBe(401);
  });

  it("answers 404 for another tenant's scene robot, and lists only the tenant's scenes", async () => {
    const robot = (await createScene({ templateId: 'store-info', name: 'Private', values: {} })).json<Robot>();
    const other = await t.createTenant(admin);
    const get = await t.get(`/v1/business-scenes/${robot.processId}`, { token: other.token });
    expect(get.statusCode).toBe(404);
    expect(get.json().code).toBe('ROBOT_NOT_FOUND');
    const put = await t.put(`/v1/business-scenes/${robot.processId}`, {
      token: other.token,
      body: { values: { hours: 'Hijacked' } },
    });
    expect(put.statusCode).toBe(404);
    expect((await publishedNode(robot.processId, 'hours')).data).not.toMatchObject({ text: 'Hijacked' });
    expect((await t.get('/v1/business-scenes', { token: other.token })).json()).toEqual({ list: [], total: 0 });
  });

  it('forgets the scene of a deleted robot', async () => {
    const robot = (await createScene({ templateId: 'store-info', name: 'Short-lived', values: {} })).json<Robot>();
    await t.del(`/v1/processes/${robot.processId}`, { token: admin });
    const scenes = (await t.get('/v1/business-scenes?limit=200', { token: admin })).json<SceneRobotListResponse>();
    expect(scenes.list.some((row) => row.robot.processId === robot.processId)).toBe(false);
    expect(
      await t.app.db.selectFrom('businessScenes').selectAll().where('processId', '=', robot.processId).execute(),
    ).toEqual([]);
  });
});

describe('a scene robot answers through POST /v2/qa', () => {
  it('with the reply its form gave a matching question', async () => {
    const robot = (
      await createScene({
        templateId: 'store-info',
        name: 'Hours',
        values: { hours: 'Open 9 to 5, Monday to Friday.' },
      })
    ).json<Robot>();
    const res = await ask(robot.processId, 'What are your opening hours?');
    expect(res.statusCode).toBe(200);
    expect(res.json().answer).toBe('Open 9 to 5, Monday to Friday.');
  });

  it('asks for the lead form one question after the other, then thanks the visitor by name', async () => {
    const robot = (
      await createScene({
        templateId: 'lead-collection',
        name: 'Leads',
        values: { nameQuestion: 'Your name, please?', thanks: 'Thanks, {{form.name}}!' },
      })
    ).json<Robot>();
    const first = (await ask(robot.processId, 'Hello')).json<{ answer: string; sessionId: string }>();
    expect(first.answer).toBe('Your name, please?');
    await ask(robot.processId, 'Ada', first.sessionId);
    await ask(robot.processId, '13800138000', first.sessionId);
    const last = await ask(robot.processId, 'A quote for 20 chairs', first.sessionId);
    expect(last.json().answer).toContain('Thanks, Ada!');
  });
});
