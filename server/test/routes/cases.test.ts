import { beforeAll, describe, expect, it } from 'vitest';
import type { Case, User } from '@flotilla/shared/contracts';
import { useTestApp } from '../helper';

const t = useTestApp();
let admin: string;
let processId: string;

beforeAll(async () => {
  admin = await t.login();
  const me = (await t.get('/v1/users/me', { token: admin })).json<User>();
  processId = (await t.post('/v1/processes', { token: admin, body: { name: 'Leads bot' } })).json().processId;
  // No call opens cases yet (the flow engine will): fixtures go through the repository.
  await t.app.repos.cases.create(me.tenantId, {
    processId,
    title: 'Wants a quote',
    customer: 'Li Lei',
    phone: '13900000001',
  });
  await t.app.repos.cases.create(me.tenantId, {
    processId,
    title: 'Complaint about delivery',
    customer: 'Han Meimei',
    status: 'in_progress',
  });
  await t.app.repos.cases.create(me.tenantId, {
    processId: 'robot-that-was-deleted',
    title: 'Old order',
    status: 'closed',
  });
});

describe('GET /v1/case', () => {
  it('lists cases newest first with their robot’s name', async () => {
    const res = await t.get('/v1/case', { token: admin });
    expect(res.statusCode).toBe(200);
    const { list, total } = res.json();
    expect(total).toBe(3);
    expect(list.map((c: Case) => c.title)).toEqual(['Old order', 'Complaint about delivery', 'Wants a quote']);
    expect(list[2]).toMatchObject({
      processId,
      processName: 'Leads bot',
      customer: 'Li Lei',
      status: 'new',
      checked: false,
    });
    expect(list[0].processName).toBe('');
  });

  it('filters by keyword, status and robot, and pages', async () => {
    const byKeyword = (await t.get('/v1/case?keyword=han', { token: admin })).json();
    expect(byKeyword.list.map((c: Case) => c.title)).toEqual(['Complaint about delivery']);
    const byStatus = (await t.get('/v1/case?status=closed', { token: admin })).json();
    expect(byStatus.list.map((c: Case) => c.title)).toEqual(['Old order']);
    const byRobot = (await t.get(`/v1/case?processId=${processId}&limit=1&offset=1`, { token: admin })).json();
    expect(byRobot).toMatchObject({ total: 2, list: [{ title: 'Wants a quote' }] });
  });

  it('shows operators every case and agents only those given to them', async () => {
    const operator = await t.createUser(admin, 'operator');
    expect((await t.get('/v1/case', { token: operator.token })).json().total).toBe(3);
    const agent = await t.createUser(admin, 'agent');
    expect((await t.get('/v1/case', { token: agent.token })).json().total).toBe(0);
  });

  it('answers 422 for an unknown status', async () => {
    const res = await t.get('/v1/case?status=lost', { token: admin });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ loc: ['query', 'status'], type: 'literal_error' });
  });
});
