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

describe('POST /v1/case, GET and PUT /v1/case/{caseId}', () => {
  it('opens a case by hand, which anyone of the tenant’s staff can then read', async () => {
    const created = await t.post('/v1/case', {
      token: admin,
      body: { processId, title: 'Called in', customer: 'Wei', phone: '13700000000', form: { qty: 2 }, notes: 'VIP' },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      title: 'Called in',
      source: 'manual',
      status: 'new',
      form: { qty: 2 },
      notes: 'VIP',
      sessionId: null,
      closedAt: null,
    });
    const read = await t.get(`/v1/case/${created.json().id}`, { token: admin });
    expect(read.json()).toEqual(created.json());
  });

  it('refuses another tenant’s robot and case (404), bad input (422) and a conversation with a case (409)', async () => {
    const other = await t.createTenant(admin);
    const theirRobot = (await t.post('/v1/processes', { token: other.token, body: { name: 'Theirs' } })).json();
    expect(
      (await t.post('/v1/case', { token: admin, body: { processId: theirRobot.processId, title: 'x' } })).json(),
    ).toMatchObject({ code: 'ROBOT_NOT_FOUND' });
    const theirCase = (
      await t.post('/v1/case', { token: other.token, body: { processId: theirRobot.processId, title: 'Theirs' } })
    ).json<Case>();
    expect((await t.get(`/v1/case/${theirCase.id}`, { token: admin })).statusCode).toBe(404);
    expect((await t.put(`/v1/case/${theirCase.id}`, { token: admin, body: { notes: 'x' } })).statusCode).toBe(404);
    expect((await t.get(`/v1/case/split?caseId=${theirCase.id}`, { token: admin })).statusCode).toBe(404);
    expect((await t.get(`/v1/case/completions/byCaseId?caseId=${theirCase.id}`, { token: admin })).statusCode).toBe(
      404,
    );

    const empty = await t.post('/v1/case', { token: admin, body: { processId, title: '' } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail[0].loc).toEqual(['body', 'title']);
    const huge = await t.post('/v1/case', { token: admin, body: { processId, title: 'x', form: { n: 1e300 } } });
    expect(huge.statusCode).toBe(422);
    const manyFields = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`field${i}`, 'x']));
    const badKeys = [manyFields, { 'not a name': 'x' }, { ['a'.repeat(41)]: 'x' }, { '1st': 'x' }];
    for (const form of badKeys) {
      const res = await t.post('/v1/case', { token: admin, body: { processId, title: 'x', form } });
      expect(res.statusCode, JSON.stringify(form).slice(0, 40)).toBe(422);
      expect(res.json().detail[0].loc.slice(0, 2)).toEqual(['body', 'form']);
    }
    expect(
      (
        await t.post('/v1/case', { token: admin, body: { processId, title: 'x', sessionId: 'no-such-session' } })
      ).json(),
    ).toMatchObject({ code: 'SESSION_NOT_FOUND' });

    const sessionId = (
      await t.post('/v2/qa', { token: admin, body: { processId, question: 'hello', stream: false } })
    ).json().sessionId;
    const first = await t.post('/v1/case', { token: admin, body: { processId, title: 'From chat', sessionId } });
    expect(first.json()).toMatchObject({ sessionId });
    const second = await t.post('/v1/case', { token: admin, body: { processId, title: 'Again', sessionId } });
    expect(second.statusCode).toBe(409);
  });

  it('moves a case along: assigning, closing (closedAt) and reopening, notes and checked', async () => {
    const { id } = (await t.post('/v1/case', { token: admin, body: { processId, title: 'Flow' } })).json<Case>();
    const agent = await t.createUser(admin, 'agent');
    const assigned = await t.put(`/v1/case/${id}`, { token: admin, body: { assigneeId: agent.user.id } });
    expect(assigned.json()).toMatchObject({
      status: 'assigned',
      assigneeId: agent.user.id,
      assigneeName: agent.user.nickname,
    });

    // The agent now sees it, and works on it.
    expect((await t.get(`/v1/case/${id}`, { token: agent.token })).statusCode).toBe(200);
    const working = await t.put(`/v1/case/${id}`, {
      token: agent.token,
      body: { status: 'in_progress', notes: 'Called' },
    });
    expect(working.json()).toMatchObject({ status: 'in_progress', notes: 'Called' });

    const closed = (
      await t.put(`/v1/case/${id}`, { token: admin, body: { status: 'closed', checked: true } })
    ).json<Case>();
    expect(closed).toMatchObject({ status: 'closed', checked: true });
    expect(closed.closedAt).not.toBeNull();
    const reopened = (await t.put(`/v1/case/${id}`, { token: admin, body: { status: 'in_progress' } })).json<Case>();
    expect(reopened).toMatchObject({ status: 'in_progress', closedAt: null, notes: 'Called', checked: true });

    const back = (
      await t.put(`/v1/case/${id}`, { token: admin, body: { status: 'assigned', assigneeId: null } })
    ).json();
    expect(back).toMatchObject({ assigneeId: null, assigneeName: '' });
    expect((await t.get(`/v1/case/${id}`, { token: agent.token })).statusCode).toBe(404);
  });

  it("gives cases only to active users of the tenant (another tenant's: 404, frozen: 422), and checks status values", async () => {
    const { id } = (await t.post('/v1/case', { token: admin, body: { processId, title: 'Assign' } })).json<Case>();
    const frozen = await t.createUser(admin, 'agent');
    await t.get(`/v1/users/${frozen.user.id}/freeze`, { token: admin });
    const refused = await t.put(`/v1/case/${id}`, { token: admin, body: { assigneeId: frozen.user.id } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail[0]).toMatchObject({ loc: ['body', 'assigneeId'], type: 'CASE_ASSIGNEE_INVALID' });
    const other = await t.createTenant(admin);
    for (const assigneeId of [other.admin.id, 'no-such-user']) {
      const res = await t.put(`/v1/case/${id}`, { token: admin, body: { assigneeId } });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('USER_NOT_FOUND');
    }
    const bad = await t.put(`/v1/case/${id}`, { token: admin, body: { status: 'open' } });
    expect(bad.statusCode).toBe(422);
    expect((await t.get(`/v1/case/${id}`, { token: admin })).json()).toMatchObject({ status: 'new', assigneeId: null });
  });

  it('answers the written case to an agent who gives it away, which they then no longer see', async () => {
    const { id } = (await t.post('/v1/case', { token: admin, body: { processId, title: 'Handed on' } })).json<Case>();
    const first = await t.createUser(admin, 'agent');
    const second = await t.createUser(admin, 'agent');
    await t.put(`/v1/case/${id}`, { token: admin, body: { assigneeId: first.user.id } });
    const given = await t.put(`/v1/case/${id}`, {
      token: first.token,
      body: { assigneeId: second.user.id, notes: 'Over to you' },
    });
    expect(given.statusCode).toBe(200);
    expect(given.json()).toMatchObject({ id, assigneeId: second.user.id, notes: 'Over to you' });
    expect((await t.get(`/v1/case/${id}`, { token: first.token })).statusCode).toBe(404);
    expect((await t.get(`/v1/case/${id}`, { token: second.token })).json()).toMatchObject({ notes: 'Over to you' });
  });

  it('hides other cases from agents (404) and lists only theirs', async () => {
    const agent = await t.createUser(admin, 'agent');
    const { id } = (await t.post('/v1/case', { token: admin, body: { processId, title: 'Not theirs' } })).json<Case>();
    expect((await t.get(`/v1/case/${id}`, { token: agent.token })).statusCode).toBe(404);
    expect((await t.put(`/v1/case/${id}`, { token: agent.token, body: { notes: 'mine now' } })).statusCode).toBe(404);
    await t.put(`/v1/case/${id}`, { token: admin, body: { assigneeId: agent.user.id } });
    const theirs = (await t.get('/v1/case', { token: agent.token })).json();
    expect(theirs.list.map((c: Case) => c.id)).toEqual([id]);
    const filtered = (await t.get(`/v1/case?assigneeId=${agent.user.id}`, { token: admin })).json();
    expect(filtered.list.map((c: Case) => c.id)).toEqual([id]);
  });

  it('filters by creation time and by the collected fields', async () => {
    const { id, createdAt } = (
      await t.post('/v1/case', { token: admin, body: { processId, title: 'Timed', form: { city: 'Hangzhou' } } })
    ).json<Case>();
    const byForm = (await t.get('/v1/case?keyword=hangzhou', { token: admin })).json();
    expect(byForm.list.map((c: Case) => c.id)).toEqual([id]);
    const from = encodeURIComponent(createdAt);
    const since = (await t.get(`/v1/case?from=${from}`, { token: admin })).json();
    expect(since.list.map((c: Case) => c.id)).toEqual([id]);
    expect((await t.get(`/v1/case?to=${from}&keyword=hangzhou`, { token: admin })).json().total).toBe(0);
    for (const bad of ['2026-02-30T00:00:00Z', '9999-12-31T23:59:60Z']) {
      const res = await t.get(`/v1/case?from=${encodeURIComponent(bad)}`, { token: admin });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail[0].loc).toEqual(['query', 'from']);
    }
  });
});

describe('a case’s conversation: completions and split', () => {
  it('lists the conversation oldest first, paged, and splits it into stages', async () => {
    const ask = (question: string, sessionId?: string) =>
      t.post('/v2/qa', {
        token: admin,
        body: { processId, question, stream: false, ...(sessionId ? { sessionId } : {}) },
      });
    const sessionId = (await ask('Do you deliver to Suzhou?')).json().sessionId;
    await ask('I want two, my phone is 13600136000', sessionId);
    const { id } = (
      await t.post('/v1/case', {
        token: admin,
        body: { processId, title: 'Delivery', sessionId, form: { phone: '13600136000' } },
      })
    ).json<Case>();
    await ask('When will it arrive?', sessionId);

    const page = (await t.get(`/v1/case/completions/byCaseId?caseId=${id}&limit=2`, { token: admin })).json();
    expect(page.total).toBe(3);
    expect(page.list.map((m: { question: string }) => m.question)).toEqual([
      'Do you deliver to Suzhou?',
      'I want two, my phone is 13600136000',
    ]);
    const split = (await t.get(`/v1/case/split?caseId=${id}`, { token: admin })).json();
    expect(
      split.stages.map((s: { stage: string; messages: Array<{ question: string }> }) => [
        s.stage,
        s.messages.map((m) => m.question),
      ]),
    ).toEqual([
      ['enquiry', ['Do you deliver to Suzhou?']],
      ['collection', ['I want two, my phone is 13600136000']],
      ['followUp', ['When will it arrive?']],
    ]);

    const manual = (await t.post('/v1/case', { token: admin, body: { processId, title: 'No chat' } })).json<Case>();
    expect((await t.get(`/v1/case/completions/byCaseId?caseId=${manual.id}`, { token: admin })).json()).toEqual({
      list: [],
      total: 0,
    });
    expect((await t.get(`/v1/case/split?caseId=${manual.id}`, { token: admin })).json()).toEqual({
      caseId: manual.id,
      stages: [],
    });
  });
});

describe('case forms: GET|PUT /v1/processes/{id}/caseForm and the filled forms', () => {
  it('answers a disabled empty form for a robot without one, and keeps what is put', async () => {
    const robot = (await t.post('/v1/processes', { token: admin, body: { name: 'Form bot' } })).json();
    const url = `/v1/processes/${robot.processId}/caseForm`;
    expect((await t.get(url, { token: admin })).json()).toEqual({ enabled: false, fields: [] });
    const form = {
      enabled: true,
      fields: [
        { name: 'phone', label: 'Phone', type: 'phone', required: true },
        { name: 'city', label: 'City', type: 'text', required: false },
      ],
    };
    expect((await t.put(url, { token: admin, body: form })).json()).toEqual(form);
    expect((await t.get(url, { token: admin })).json()).toEqual(form);
    const operator = await t.createUser(admin, 'operator');
    expect((await t.get(url, { token: operator.token })).json()).toEqual(form);
  });

  it('goes with its robot', async () => {
    const robot = (await t.post('/v1/processes', { token: admin, body: { name: 'Short-lived' } })).json();
    const form = { enabled: true, fields: [{ name: 'phone', label: 'Phone', type: 'phone', required: true }] };
    await t.put(`/v1/processes/${robot.processId}/caseForm`, { token: admin, body: form });
    const formsOf = () =>
      t.app.db.selectFrom('caseForms').select('processId').where('processId', '=', robot.processId).execute();
    expect(await formsOf()).toHaveLength(1);
    expect((await t.del(`/v1/processes/${robot.processId}`, { token: admin })).statusCode).toBe(200);
    expect(await formsOf()).toEqual([]);
  });

  it('refuses duplicate names and bad fields (422), agents (403) and another tenant’s robot (404)', async () => {
    const robot = (await t.post('/v1/processes', { token: admin, body: { name: 'Form bot 2' } })).json();
    const url = `/v1/processes/${robot.processId}/caseForm`;
    const field = { name: 'phone', label: 'Phone', type: 'phone', required: true };
    const dup = await t.put(url, {
      token: admin,
      body: { enabled: true, fields: [field, { ...field, label: 'Other' }] },
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().detail[0]).toMatchObject({
      loc: ['body', 'fields', 1, 'name'],
      type: 'CASE_FORM_DUPLICATE_FIELD',
    });
    const badType = await t.put(url, { token: admin, body: { enabled: true, fields: [{ ...field, type: 'date' }] } });
    expect(badType.statusCode).toBe(422);
    const badName = await t.put(url, { token: admin, body: { enabled: true, fields: [{ ...field, name: '1st' }] } });
    expect(badName.statusCode).toBe(422);
    expect((await t.get(url, { token: admin })).json()).toEqual({ enabled: false, fields: [] });

    const agent = await t.createUser(admin, 'agent');
    expect((await t.get(url, { token: agent.token })).statusCode).toBe(403);
    const other = await t.createTenant(admin);
    expect((await t.get(url, { token: other.token })).statusCode).toBe(404);
    expect((await t.put(url, { token: other.token, body: { enabled: false, fields: [] } })).statusCode).toBe(404);
  });

  it('lists and counts the filled forms of the cases the caller may see', async () => {
    const robot = (await t.post('/v1/processes', { token: admin, body: { name: 'Filled' } })).json();
    await t.post('/v1/case', { token: admin, body: { processId: robot.processId, title: 'a', form: { n: 1 } } });
    await t.post('/v1/case', { token: admin, body: { processId: robot.processId, title: 'b' } });
    await t.post('/v1/case', { token: admin, body: { processId: robot.processId, title: 'c', form: { n: 3 } } });
    const page = (await t.get(`/v1/case/caseForms?processId=${robot.processId}`, { token: admin })).json();
    expect(page.total).toBe(2);
    expect(page.list.map((f: { form: unknown }) => f.form)).toEqual([{ n: 3 }, { n: 1 }]);
    expect(page.list[0]).toMatchObject({ processName: 'Filled', status: 'new' });
    expect((await t.get(`/v1/case/caseForms/total?processId=${robot.processId}`, { token: admin })).json()).toEqual({
      total: 2,
    });
    const agent = await t.createUser(admin, 'agent');
    expect(
      (await t.get(`/v1/case/caseForms/total?processId=${robot.processId}`, { token: agent.token })).json(),
    ).toEqual({ total: 0 });
  });
});

describe('the share page’s case calls', () => {
  it('shows the case form’s labels while it is on, and 404 for an unknown or disabled share', async () => {
    const robot = (await t.post('/v1/processes', { token: admin, body: { name: 'Shared form' } })).json();
    const base = `/v1/users/${robot.adminId}/processes/${robot.processId}/share`;
    const share = (await t.put(`${base}/enable`, { token: admin })).json();
    const ui = `/v1/case/webPreviewUi?shareId=${share.shareId}`;
    expect((await t.get(ui)).json()).toEqual({ enabled: false, fields: [] });
    await t.put(`/v1/processes/${robot.processId}/caseForm`, {
      token: admin,
      body: { enabled: true, fields: [{ name: 'phone', label: '手机', type: 'phone', required: true }] },
    });
    expect((await t.get(ui)).json()).toEqual({
      enabled: true,
      fields: [{ name: 'phone', label: '手机', type: 'phone' }],
    });
    const visitor = '5d0c7a56-1f7e-4a53-9f0e-2c1a4b7c9d11';
    expect((await t.get(`/v1/case/share/info?shareId=${share.shareId}&visitorId=${visitor}`)).json()).toEqual({
      list: [],
    });

    await t.put(`${base}/disable`, { token: admin });
    expect((await t.get(ui)).statusCode).toBe(404);
    expect((await t.get(`/v1/case/share/info?shareId=${share.shareId}&visitorId=${visitor}`)).statusCode).toBe(404);
    expect((await t.get('/v1/case/webPreviewUi?shareId=no-such-share')).statusCode).toBe(404);
    expect((await t.get(`/v1/case/share/info?shareId=${share.shareId}&visitorId=short`)).statusCode).toBe(422);
  });
});
