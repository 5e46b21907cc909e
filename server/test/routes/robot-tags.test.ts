import { beforeAll, describe, expect, it } from 'vitest';
import type { Robot, RobotTag } from '@flotilla/shared/contracts';
import { useTestApp } from '../helper';

const t = useTestApp();
let admin: string;
let agent: string;

beforeAll(async () => {
  admin = await t.login();
  agent = (await t.createUser(admin, 'agent')).token;
});

const newRobot = async (name: string, token = admin) =>
  (await t.post('/v1/processes', { token, body: { name } })).json<Robot>();
const newTag = async (name: string, token = admin) => {
  const res = await t.post('/v1/processes/tag', { token, body: { name } });
  expect(res.statusCode).toBe(200);
  return res.json<RobotTag>();
};
const bind = (processId: string, tagIds: string[], token = admin) =>
  t.post('/v1/processes/tag/bind', { token, body: { processId, tagIds } });

describe('robot tags', () => {
  it('creates tags and lists them by name (agents may list)', async () => {
    await newTag('Sales');
    await newTag('After-sales');
    const res = await t.get('/v1/processes/allTags', { token: agent });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((tag: RobotTag) => tag.name)).toEqual(['After-sales', 'Sales']);
  });

  it('answers 409 for a name the tenant already has, also on rename', async () => {
    const tag = await newTag('Unique');
    const dup = await t.post('/v1/processes/tag', {
      token: admin,
      body: { name: 'Unique' },
      headers: { 'accept-language': 'en' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ code: 'CONFLICT', message: 'A tag with this name exists' });
    expect((await t.post('/v1/processes/tag', { token: admin, body: { name: ' Unique ' } })).statusCode).toBe(409);
    const other = await newTag('Other');
    expect((await t.post(`/v1/processes/tag/${other.id}?name=Unique`, { token: admin })).statusCode).toBe(409);
    // Renaming a tag to its own name is no conflict.
    expect((await t.post(`/v1/processes/tag/${tag.id}?name=Unique`, { token: admin })).statusCode).toBe(200);
  });

  it('binds tags to a robot (replacing its tags) and the list shows and filters them', async () => {
    const robot = await newRobot('Tagged');
    const a = await newTag('bind-a');
    const b = await newTag('bind-b');
    const first = await bind(robot.processId, [b.id, a.id, a.id]);
    expect(first.statusCode).toBe(200);
    expect(first.json().tags).toEqual([
      { id: a.id, name: 'bind-a' },
      { id: b.id, name: 'bind-b' },
    ]);

    const replaced = await bind(robot.processId, [b.id]);
    expect(replaced.json().tags).toEqual([{ id: b.id, name: 'bind-b' }]);
    const listed = (await t.get(`/v1/processes?tagId=${b.id}`, { token: admin })).json();
    expect(listed.list).toEqual([
      expect.objectContaining({ processId: robot.processId, tags: [{ id: b.id, name: 'bind-b' }] }),
    ]);
    expect((await t.get(`/v1/processes?tagId=${a.id}`, { token: admin })).json().total).toBe(0);

    expect((await bind(robot.processId, [])).json().tags).toEqual([]);
  });

  it('renames a tag everywhere it is bound', async () => {
    const robot = await newRobot('Renamed tag holder');
    const tag = await newTag('old-name');
    await bind(robot.processId, [tag.id]);
    const res = await t.post(`/v1/processes/tag/${tag.id}?name=new-name`, { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: tag.id, name: 'new-name' });
    expect((await t.get(`/v1/processes/${robot.processId}`, { token: admin })).json().tags).toEqual([
      { id: tag.id, name: 'new-name' },
    ]);
  });

  it('deletes a tag and unbinds it from every robot', async () => {
    const one = await newRobot('Holder one');
    const two = await newRobot('Holder two');
    const doomed = await newTag('doomed');
    const kept = await newTag('kept');
    await bind(one.processId, [doomed.id, kept.id]);
    await bind(two.processId, [doomed.id]);
    expect((await t.del(`/v1/processes/tag/${doomed.id}`, { token: admin })).json()).toEqual({ ok: true });
    expect((await t.get(`/v1/processes/${one.processId}`, { token: admin })).json().tags).toEqual([
      { id: kept.id, name: 'kept' },
    ]);
    expect((await t.get(`/v1/processes/${two.processId}`, { token: admin })).json().tags).toEqual([]);
    expect(
      (await t.get('/v1/processes/allTags', { token: admin })).json().map((tag: RobotTag) => tag.name),
    ).not.toContain('doomed');
    expect((await t.del(`/v1/processes/tag/${doomed.id}`, { token: admin })).statusCode).toBe(404);
  });

  it('refuses agents on every write (403)', async () => {
    const robot = await newRobot('Agent-proof');
    const tag = await newTag('agent-proof');
    expect((await t.post('/v1/processes/tag', { token: agent, body: { name: 'by agent' } })).statusCode).toBe(403);
    expect((await bind(robot.processId, [tag.id], agent)).statusCode).toBe(403);
    expect((await t.post(`/v1/processes/tag/${tag.id}?name=x`, { token: agent })).statusCode).toBe(403);
    expect((await t.del(`/v1/processes/tag/${tag.id}`, { token: agent })).statusCode).toBe(403);
  });

  it('answers 422 for an empty, blank or long name, and a missing rename name', async () => {
    expect((await t.post('/v1/processes/tag', { token: admin, body: { name: '' } })).statusCode).toBe(422);
    expect((await t.post('/v1/processes/tag', { token: admin, body: { name: '   ' } })).statusCode).toBe(422);
    expect((await t.post('/v1/processes/tag', { token: admin, body: { name: 'x'.repeat(51) } })).statusCode).toBe(422);
    const tag = await newTag('needs-a-name');
    const res = await t.post(`/v1/processes/tag/${tag.id}`, { token: admin });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ loc: ['query', 'name'], type: 'missing' });
    expect((await t.post('/v1/processes/tag/bind', { token: admin, body: { processId: 'x' } })).statusCode).toBe(422);
  });

  it("keeps tenants apart: another tenant's tags and robots are 404, its names free", async () => {
    const robot = await newRobot('Tenant A robot');
    const tag = await newTag('tenant-a-tag');
    const b = await t.createTenant(admin, 'Tag Tenant B');
    expect((await t.get('/v1/processes/allTags', { token: b.token })).json()).toEqual([]);
    // The same name is free in another tenant.
    const ownTag = await newTag('tenant-a-tag', b.token);
    const ownRobot = await newRobot('Tenant B robot', b.token);

    const foreignRobot = await bind(robot.processId, [ownTag.id], b.token);
    expect(foreignRobot.statusCode).toBe(404);
    expect(foreignRobot.json().code).toBe('ROBOT_NOT_FOUND');
    expect((await bind(ownRobot.processId, [tag.id], b.token)).statusCode).toBe(404);
    expect((await t.post(`/v1/processes/tag/${tag.id}?name=stolen`, { token: b.token })).statusCode).toBe(404);
    expect((await t.del(`/v1/processes/tag/${tag.id}`, { token: b.token })).statusCode).toBe(404);
    const names = (await t.get('/v1/processes/allTags', { token: admin })).json().map((x: RobotTag) => x.name);
    expect(names).toContain('tenant-a-tag');
    expect(names).not.toContain('stolen');
  });
});
