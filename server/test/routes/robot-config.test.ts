import { beforeAll, describe, expect, it } from 'vitest';
import type { BasicConfig, Dataset, Robot, ShareSettings } from '@flotilla/shared/contracts';
import { loadConfig } from '../../src/config';
import { useTestApp } from '../helper';

// Configured the way an operator would: the endpoint and key must never reach a client.
const OPENAI_MODELS = JSON.stringify([
  { id: 'gpt-4o-mini', name: 'GPT-4o mini', price: 2, baseUrl: 'https://api.example.com/v1', apiKey: 'sk-secret-key' },
]);
const t = useTestApp({ config: { openaiModels: loadConfig({ FLOTILLA_OPENAI_MODELS: OPENAI_MODELS }).openaiModels } });
let admin: string;
let agent: string;

beforeAll(async () => {
  admin = await t.login();
  agent = (await t.createUser(admin, 'agent')).token;
});

const newRobot = async (name: string) =>
  (await t.post('/v1/processes', { token: admin, body: { name } })).json<Robot>();

describe('basic config', () => {
  it('answers the defaults for a robot never configured', async () => {
    const robot = await newRobot('Fresh');
    const res = await t.get(`/v1/processes/${robot.processId}/basic`, { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      model: 'builtin',
      systemPrompt: '',
      temperature: 0.7,
      historyLength: 6,
      fallbackReply: '抱歉，我暂时无法回答这个问题。',
      datasetIds: [],
      databaseIds: [],
      librarySearch: true,
      dbSearch: false,
    });
  });

  it('saves the fields given and keeps the others', async () => {
    const robot = await newRobot('Configured');
    const dataset = (await t.post('/v1/datasets', { token: admin, body: { name: 'Manuals' } })).json<Dataset>();
    const database = (await t.post('/v1/databases', { token: admin, body: { name: 'Orders', kind: 'builtin' } })).json<{
      id: string;
    }>();
    const url = `/v1/processes/${robot.processId}/basic`;
    const first = await t.put(url, {
      token: admin,
      body: {
        model: 'gpt-4o-mini',
        systemPrompt: 'You are helpful',
        temperature: 0.2,
        datasetIds: [dataset.id, dataset.id],
        databaseIds: [database.id, database.id],
      },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      model: 'gpt-4o-mini',
      temperature: 0.2,
      historyLength: 6,
      datasetIds: [dataset.id],
      databaseIds: [database.id],
    });

    const second = await t.put(url, { token: admin, body: { historyLength: 50, fallbackReply: 'Sorry.' } });
    expect(second.json()).toMatchObject({
      model: 'gpt-4o-mini',
      systemPrompt: 'You are helpful',
      temperature: 0.2,
      historyLength: 50,
      fallbackReply: 'Sorry.',
    });
    expect((await t.get(url, { token: admin })).json()).toEqual(second.json());
  });

  it('switches library search and db search on and off', async () => {
    const robot = await newRobot('Switches');
    const base = `/v1/processes/${robot.processId}/basic`;
    const put = async (action: string) => (await t.put(`${base}/${action}`, { token: admin })).json<BasicConfig>();
    expect(await put('disableLibrarySearch')).toMatchObject({
      librarySearch: false,
      dbSearch: false,
      model: 'builtin',
    });
    expect(await put('enableDbSearch')).toMatchObject({ librarySearch: false, dbSearch: true });
    expect(await put('enableLibrarySearch')).toMatchObject({ librarySearch: true, dbSearch: true });
    expect(await put('disableDbSearch')).toMatchObject({ librarySearch: true, dbSearch: false });
    expect((await t.get(base, { token: admin })).json()).toMatchObject({
      librarySearch: true,
      dbSearch: false,
      temperature: 0.7,
    });
  });

  it('answers 422 for a temperature of 3, a history of 51 or a wrong type', async () => {
    const robot = await newRobot('Validated');
    const url = `/v1/processes/${robot.processId}/basic`;
    const hot = await t.put(url, { token: admin, body: { temperature: 3 } });
    expect(hot.statusCode).toBe(422);
    expect(hot.json().detail[0]).toMatchObject({ loc: ['body', 'temperature'], type: 'less_than_equal' });
    expect((await t.put(url, { token: admin, body: { historyLength: 51 } })).json().detail[0]).toMatchObject({
      loc: ['body', 'historyLength'],
    });
    expect((await t.put(url, { token: admin, body: { temperature: -0.1 } })).statusCode).toBe(422);
    expect((await t.put(url, { token: admin, body: { librarySearch: 'maybe' } })).statusCode).toBe(422);
  });

  it('refuses an unknown model (400) and a dataset of no one or of another tenant (404)', async () => {
    const robot = await newRobot('Picky');
    const url = `/v1/processes/${robot.processId}/basic`;
    const model = await t.put(url, { token: admin, body: { model: 'gpt-9' }, headers: { 'accept-language': 'en' } });
    expect(model.statusCode).toBe(400);
    expect(model.json()).toEqual({ code: 'BAD_REQUEST', message: 'This model is not available' });
    const other = await t.createTenant(admin, 'Dataset Owners');
    const foreign = (await t.post('/v1/datasets', { token: other.token, body: { name: 'Theirs' } })).json<Dataset>();
    const res = await t.put(url, { token: admin, body: { datasetIds: [foreign.id] } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('DATASET_NOT_FOUND');
    expect((await t.get(url, { token: admin })).json().datasetIds).toEqual([]);
  });

  it('is for operators: agents get 403 on reads and writes', async () => {
    const robot = await newRobot('Operators only');
    const operator = (await t.createUser(admin, 'operator')).token;
    const url = `/v1/processes/${robot.processId}/basic`;
    expect((await t.put(url, { token: operator, body: { temperature: 1 } })).statusCode).toBe(200);
    expect((await t.get(url, { token: agent })).statusCode).toBe(403);
    expect((await t.put(url, { token: agent, body: { temperature: 1 } })).statusCode).toBe(403);
    expect((await t.put(`${url}/enableDbSearch`, { token: agent })).statusCode).toBe(403);
  });
});

describe('preset', () => {
  it('sets the welcome text and suggested questions, which the share page shows', async () => {
    const robot = await newRobot('Greeter');
    const res = await t.put(`/v1/processes/${robot.processId}/preset`, {
      token: admin,
      body: {
        welcome: '你好，有什么可以帮你？',
        suggestedQuestions: ['How do I reset my password?', 'Opening hours?'],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      welcome: '你好，有什么可以帮你？',
      suggestedQuestions: ['How do I reset my password?', 'Opening hours?'],
    });

    const shareUrl = `/v1/users/${robot.adminId}/processes/${robot.processId}/share`;
    const share = (await t.put(`${shareUrl}/enable`, { token: admin })).json<ShareSettings>();
    const info = (await t.get(`/v1/share/info?shareId=${share.shareId}`)).json();
    expect(info).toMatchObject({
      welcome: '你好，有什么可以帮你？',
      suggestedQuestions: ['How do I reset my password?', 'Opening hours?'],
    });

    const welcomeOnly = await t.put(`/v1/processes/${robot.processId}/preset`, {
      token: admin,
      body: { welcome: 'Hello' },
    });
    expect(welcomeOnly.json()).toEqual({
      welcome: 'Hello',
      suggestedQuestions: ['How do I reset my password?', 'Opening hours?'],
    });
  });

  it('answers 422 for 11 suggested questions or one over 200 characters', async () => {
    const robot = await newRobot('Bounded');
    const url = `/v1/processes/${robot.processId}/preset`;
    const many = await t.put(url, {
      token: admin,
      body: { suggestedQuestions: Array.from({ length: 11 }, (_, i) => `Q${i}`) },
    });
    expect(many.statusCode).toBe(422);
    expect(many.json().detail[0]).toMatchObject({ loc: ['body', 'suggestedQuestions'], type: 'too_long' });
    const long = await t.put(url, { token: admin, body: { suggestedQuestions: ['x'.repeat(201)] } });
    expect(long.statusCode).toBe(422);
    expect(long.json().detail[0]).toMatchObject({ loc: ['body', 'suggestedQuestions', 0], type: 'string_too_long' });
    expect(
      (await t.put(url, { token: admin, body: { suggestedQuestions: Array.from({ length: 10 }, (_, i) => `Q${i}`) } }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses agents (403) and answers 404 for an unknown robot', async () => {
    const robot = await newRobot('Preset guard');
    expect(
      (await t.put(`/v1/processes/${robot.processId}/preset`, { token: agent, body: { welcome: 'x' } })).statusCode,
    ).toBe(403);
    const res = await t.put('/v1/processes/no-such-robot/preset', { token: admin, body: { welcome: 'x' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('ROBOT_NOT_FOUND');
  });
});

describe('GET /v1/processes/{adminId}/modelConfig', () => {
  it('offers the built-in model and the configured ones, without endpoints or keys', async () => {
    const me = (await t.get('/v1/users/me', { token: admin })).json();
    const res = await t.get(`/v1/processes/${me.id}/modelConfig`, { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: 'builtin', name: 'Built-in (no model)', provider: 'builtin', price: 0 },
      { id: 'gpt-4o-mini', name: 'GPT-4o mini', provider: 'openai', price: 2 },
    ]);
    expect(res.body).not.toContain('sk-secret-key');
    expect(res.body).not.toContain('api.example.com');
  });

  it('refuses agents (403)', async () => {
    expect((await t.get('/v1/processes/someone/modelConfig', { token: agent })).statusCode).toBe(403);
  });

  it('reads FLOTILLA_OPENAI_MODELS strictly: no models when unset, a clear error when malformed', () => {
    expect(loadConfig({}).openaiModels).toEqual([]);
    expect(loadConfig({ FLOTILLA_OPENAI_MODELS: '[{"id":"m","baseUrl":"http://llm.local/v1"}]' }).openaiModels).toEqual(
      [{ id: 'm', name: 'm', price: 0, baseUrl: 'http://llm.local/v1', apiKey: '', model: 'm' }],
    );
    expect(() => loadConfig({ FLOTILLA_OPENAI_MODELS: '[{"id":"m"}]' })).toThrow(/baseUrl/);
    expect(() => loadConfig({ FLOTILLA_OPENAI_MODELS: '[{"id":"m","baseUrl":"http://x","price":1.5}]' })).toThrow(
      /price/,
    );
    expect(() => loadConfig({ FLOTILLA_OPENAI_MODELS: '{oops' })).toThrow(/FLOTILLA_OPENAI_MODELS/);
    expect(() => loadConfig({ FLOTILLA_OPENAI_MODELS: '[{"name":"no id"}]' })).toThrow(/item 0/);
    expect(() => loadConfig({ FLOTILLA_OPENAI_MODELS: '[{"id":"m","baseUrl":"http://x","price":-1}]' })).toThrow(
      /price/,
    );
  });
});
