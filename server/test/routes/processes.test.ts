import { beforeAll, describe, expect, it } from 'vitest';
import type { Robot } from '@flotilla/shared/contracts';
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
    expect(robot).toMatchObject({ name: 'Helpdesk', description: '', icon: '', type: 'simple', enabled: true, tags: [], adminId: me.id });
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

  it('lets agents list but not create, read or delete', async () => {
    const robot = await create(admin, { name: 'Agent-visible' });
    const { token } = await t.createUser(admin, 'agent');
    expect((await t.get('/v1/processes', { token })).statusCode).toBe(200);
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
    expect((await t.put(`/v1/processes/${robot.processId}/disableProcess`, { token: admin })).json().enabled).toBe(false);
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
