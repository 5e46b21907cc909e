import { beforeAll, describe, expect, it } from 'vitest';
import type { Dataset, Robot, User } from '@flotilla/shared/contracts';
import { useTestApp } from '../helper';

const t = useTestApp();

/** Tenant A is the default tenant; tenant B gets its own admin. B must never see or touch A's rows. */
let a: string;
let b: string;
let robotA: Robot;
let datasetA: Dataset;
let userA: User;

beforeAll(async () => {
  a = await t.login();
  b = (await t.createTenant(a, 'Tenant B')).token;
  robotA = (await t.post('/v1/processes', { token: a, body: { name: 'A secret robot' } })).json();
  datasetA = (await t.post('/v1/datasets', { token: a, body: { name: 'A secret dataset' } })).json();
  userA = (await t.createUser(a, 'operator')).user;
  const tenantA = (await t.get('/v1/users/me', { token: a })).json<User>().tenantId;
  await t.app.repos.cases.create(tenantA, { processId: robotA.processId, title: 'A secret case' });
});

describe('tenant isolation', () => {
  it("answers 404 for another tenant's robot, and leaves it alone", async () => {
    const get = await t.get(`/v1/processes/${robotA.processId}`, { token: b });
    expect(get.statusCode).toBe(404);
    expect(get.json()).toEqual({ code: 'ROBOT_NOT_FOUND', message: expect.any(String) });
    expect((await t.del(`/v1/processes/${robotA.processId}`, { token: b })).statusCode).toBe(404);
    expect((await t.put(`/v1/processes/${robotA.processId}/disableProcess`, { token: b })).statusCode).toBe(404);
    expect((await t.put(`/v1/users/x/processes/${robotA.processId}/share/enable`, { token: b })).statusCode).toBe(404);
    const stillThere = await t.get(`/v1/processes/${robotA.processId}`, { token: a });
    expect(stillThere.json()).toMatchObject({ name: 'A secret robot', enabled: true });
  });

  it("answers 404 for another tenant's dataset, and leaves it alone", async () => {
    expect((await t.get(`/v1/datasets/${datasetA.id}`, { token: b })).statusCode).toBe(404);
    expect((await t.del(`/v1/datasets/${datasetA.id}`, { token: b })).statusCode).toBe(404);
    expect((await t.get(`/v1/datasets/${datasetA.id}`, { token: a })).statusCode).toBe(200);
  });

  it("keeps another tenant's rows out of every list", async () => {
    expect((await t.get('/v1/processes', { token: b })).json()).toEqual({ list: [], total: 0 });
    expect((await t.get('/v1/datasets', { token: b })).json()).toEqual({ list: [], total: 0 });
    expect((await t.get('/v1/case', { token: b })).json()).toEqual({ list: [], total: 0 });
    const users = (await t.get('/v1/users/list', { token: b })).json();
    expect(users.list.map((u: User) => u.username)).toEqual(['tenant-b-admin']);
  });

  it("cannot freeze another tenant's user", async () => {
    const res = await t.get(`/v1/users/${userA.id}/freeze`, { token: b });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('USER_NOT_FOUND');
    const list = (await t.get(`/v1/users/list?keyword=${userA.username}`, { token: a })).json();
    expect(list.list[0].ban).toBe(false);
  });
});
