import { beforeAll, describe, expect, it } from 'vitest';
import type { BasicConfig, Robot, RobotTag, ShareSettings } from '@flotilla/shared/contracts';
import { useTestApp } from '../helper';

const t = useTestApp();
let admin: string;

beforeAll(async () => {
  admin = await t.login();
});

const create = async (token: string, body: Record<string, unknown>) => {
  const res = await t.post('/v1/processes', { token, body });
  expect(res.statusCode).toBe(200);
  return res.json<Robot>();
};

describe('robots', () => {
  it('creates a robot with defaults and answers it', async () => {
    const robot = await create(admin, { name: 'Helpdesk' });
    const me = (await t.get('/v1/users/me', { token: admin })).json();
    expect(robot).toMatchObject({
      name: 'Helpdesk',
      description: '',
      icon: '',
      type: 'simple',
      enabled: true,
      tags: [],
      adminId: me.id,
    });
    const got = await t.get(`/v1/processes/${robot.processId}`, { token: admin });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(robot);
  });

  it('lists newest first, pages, and filters by keyword', async () => {
    const { token } = await t.createUser(admin, 'operator');
    for (const name of ['Sales bot', 'Support bot', 'Refund helper']) await create(token, { name });
    const all = (await t.get('/v1/processes?limit=200', { token })).json();
    expect(all.list.slice(0, 3).map((r: Robot) => r.name)).toEqual(['Refund helper', 'Support bot', 'Sales bot']);

    const bots = (await t.get('/v1/processes?keyword=BOT&limit=1', { token })).json();
    expect(bots.total).toBe(2);
    expect(bots.list.map((r: Robot) => r.name)).toEqual(['Support bot']);
  });

  it('lets agents list and read (for the logs) but not create or delete', async () => {
    const robot = await create(admin, { name: 'Agent-visible' });
    const { token } = await t.createUser(admin, 'agent');
    expect((await t.get('/v1/processes', { token })).statusCode).toBe(200);
    expect((await t.get(`/v1/processes/${robot.processId}`, { token })).json().name).toBe('Agent-visible');
    expect((await t.post('/v1/processes', { token, body: { name: 'Nope' } })).statusCode).toBe(403);
    expect((await t.del(`/v1/processes/${robot.processId}`, { token })).statusCode).toBe(403);
  });

  it('deletes a robot: then 404 ROBOT_NOT_FOUND', async () => {
    const robot = await create(admin, { name: 'Short-lived' });
    expect((await t.del(`/v1/processes/${robot.processId}`, { token: admin })).json()).toEqual({ ok: true });
    const res = await t.get(`/v1/processes/${robot.processId}`, { token: admin });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('ROBOT_NOT_FOUND');
    expect((await t.del(`/v1/processes/${robot.processId}`, { token: admin })).statusCode).toBe(404);
  });

  it('enables and disables a robot', async () => {
    const robot = await create(admin, { name: 'Toggle' });
    expect((await t.put(`/v1/processes/${robot.processId}/disableProcess`, { token: admin })).json().enabled).toBe(
      false,
    );
    expect((await t.put(`/v1/processes/${robot.processId}/enableProcess`, { token: admin })).json().enabled).toBe(true);
  });

  it('answers 422 for a missing name, a bad type or a bad page', async () => {
    const missing = await t.post('/v1/processes', { token: admin, body: { description: 'no name' } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail[0]).toMatchObject({ loc: ['body', 'name'], type: 'missing' });
    const type = await t.post('/v1/processes', { token: admin, body: { name: 'x', type: 'quantum' } });
    expect(type.json().detail[0]).toMatchObject({ loc: ['body', 'type'], type: 'literal_error' });
    const page = await t.get('/v1/processes?limit=0', { token: admin });
    expect(page.statusCode).toBe(422);
    expect(page.json().detail[0]).toMatchObject({ loc: ['query', 'limit'], type: 'greater_than_equal' });
  });
});

describe('PUT /v1/processes/{processId}', () => {
  it('changes the fields given and keeps the others', async () => {
    const robot = await create(admin, { name: 'Before', description: 'kept', icon: '/a.png' });
    const res = await t.put(`/v1/processes/${robot.processId}`, {
      token: admin,
      body: { name: 'After', type: 'flow' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      processId: robot.processId,
      name: 'After',
      description: 'kept',
      icon: '/a.png',
      type: 'flow',
      createdAt: robot.createdAt,
    });
    expect((await t.get(`/v1/processes/${robot.processId}`, { token: admin })).json().name).toBe('After');
  });

  it('lets operators update, refuses agents (403), and answers 404 for an unknown robot', async () => {
    const robot = await create(admin, { name: 'Shared work' });
    const operator = await t.createUser(admin, 'operator');
    expect(
      (await t.put(`/v1/processes/${robot.processId}`, { token: operator.token, body: { description: 'by operator' } }))
        .statusCode,
    ).toBe(200);
    const agent = await t.createUser(admin, 'agent');
    expect(
      (await t.put(`/v1/processes/${robot.processId}`, { token: agent.token, body: { name: 'x' } })).statusCode,
    ).toBe(403);
    const missing = await t.put('/v1/processes/no-such-robot', { token: admin, body: { name: 'x' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('ROBOT_NOT_FOUND');
  });

  it('answers 422 for an empty body, an empty name or a bad type', async () => {
    const robot = await create(admin, { name: 'Strict' });
    const url = `/v1/processes/${robot.processId}`;
    expect((await t.put(url, { token: admin, body: {} })).statusCode).toBe(422);
    const empty = await t.put(url, { token: admin, body: { name: '' } });
    expect(empty.json().detail[0]).toMatchObject({ loc: ['body', 'name'], type: 'string_too_short' });
    expect((await t.put(url, { token: admin, body: { type: 'quantum' } })).statusCode).toBe(422);
  });
});

describe('robot icons', () => {
  it("takes an uploaded icon, a data: image or an emoji, and refuses another site's address with 422", async () => {
    for (const icon of ['/v2/upload/file/abc', 'data:image/png;base64,AAAA', '🤖']) {
      expect((await t.post('/v1/processes', { token: admin, body: { name: 'Icon', icon } })).statusCode, icon).toBe(
        200,
      );
    }
    for (const icon of ['https://cdn.example/a.png', '//cdn.example/a.png', 'javascript:alert(1)']) {
      const res = await t.post('/v1/processes', { token: admin, body: { name: 'Icon', icon } });
      expect(res.statusCode, icon).toBe(422);
      expect(res.json().detail[0].loc).toEqual(['body', 'icon']);
    }
  });
});

describe('GET /v1/processes/{processId}/clone', () => {
  it('copies the robot with its basic config, preset and tags; the copy has its own, disabled share', async () => {
    const robot = await create(admin, { name: 'Original', description: 'd', icon: '/o.png', type: 'flow' });
    const id = robot.processId;
    await t.put(`/v1/processes/${id}/basic`, {
      token: admin,
      body: { systemPrompt: 'Be brief', temperature: 1.5, historyLength: 3 },
    });
    await t.put(`/v1/processes/${id}/preset`, {
      token: admin,
      body: { welcome: 'Hi!', suggestedQuestions: ['Opening hours?'] },
    });
    const tag = (await t.post('/v1/processes/tag', { token: admin, body: { name: 'clone-source' } })).json<RobotTag>();
    await t.post('/v1/processes/tag/bind', { token: admin, body: { processId: id, tagIds: [tag.id] } });
    const shareUrl = (processId: string) => `/v1/users/${robot.adminId}/processes/${processId}/share`;
    await t.put(`${shareUrl(id)}/enable`, { token: admin });
    await t.put(shareUrl(id), { token: admin, body: { themeColor: '#00AA11', rateLimitPerMinute: 30 } });

    const operator = await t.createUser(admin, 'operator');
    const res = await t.get(`/v1/processes/${id}/clone`, {
      token: operator.token,
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(200);
    const copy = res.json<Robot>();
    expect(copy.processId).not.toBe(id);
    expect(copy).toMatchObject({
      name: 'Original (copy)',
      description: 'd',
      icon: '/o.png',
      type: 'flow',
      enabled: true,
      adminId: operator.user.id,
    });
    expect(copy.tags).toEqual([{ id: tag.id, name: 'clone-source' }]);

    const basic = (await t.get(`/v1/processes/${copy.processId}/basic`, { token: admin })).json<BasicConfig>();
    expect(basic).toMatchObject({ systemPrompt: 'Be brief', temperature: 1.5, historyLength: 3 });
    const share = (await t.get(shareUrl(copy.processId), { token: admin })).json<ShareSettings>();
    const originalShare = (await t.get(shareUrl(id), { token: admin })).json<ShareSettings>();
    expect(share).toMatchObject({
      enabled: false,
      welcome: 'Hi!',
      suggestedQuestions: ['Opening hours?'],
      themeColor: '#00AA11',
      rateLimitPerMinute: 30,
    });
    expect(share.shareId).not.toBe(originalShare.shareId);
    expect(originalShare.enabled).toBe(true);

    const listed = (await t.get(`/v1/processes?tagId=${tag.id}`, { token: admin })).json();
    expect(listed.list.map((r: Robot) => r.name)).toEqual(['Original (copy)', 'Original']);
  });

  it('keeps a long name within the limit', async () => {
    const robot = await create(admin, { name: 'n'.repeat(100) });
    const copy = (
      await t.get(`/v1/processes/${robot.processId}/clone`, { token: admin, headers: { 'accept-language': 'en-US' } })
    ).json<Robot>();
    expect(copy.name).toBe(`${'n'.repeat(93)} (copy)`);
  });

  it('names the copy in the language of the console that copied it', async () => {
    const robot = await create(admin, { name: '售后' });
    const copy = (
      await t.get(`/v1/processes/${robot.processId}/clone`, { token: admin, headers: { 'accept-language': 'zh-CN' } })
    ).json<Robot>();
    expect(copy.name).toBe('售后（副本）');
  });

  it('refuses agents (403) and answers 404 for an unknown robot', async () => {
    const robot = await create(admin, { name: 'No agent copies' });
    const agent = await t.createUser(admin, 'agent');
    expect((await t.get(`/v1/processes/${robot.processId}/clone`, { token: agent.token })).statusCode).toBe(403);
    const res = await t.get('/v1/processes/no-such-robot/clone', { token: admin });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('ROBOT_NOT_FOUND');
  });
});
