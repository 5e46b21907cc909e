import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  CaseFormValues,
  CaseNotificationListResponse,
  CaseOrder,
  CaseOrderListResponse,
  CaseTeam,
} from '@flotilla/shared/contracts';
import { scoped } from '../../src/db/scoped';
import { routeOpenedCase, type CaseRecipient } from '../../src/cases/route-opened-case';
import { isoNow } from '../../src/lib/clock';
import { useTestApp } from '../helper';

const t = useTestApp();

let admin: string;
let tenantId: string;
let agents: Array<{ user: { id: string }; token: string }>;
let other: Awaited<ReturnType<typeof t.createTenant>>;

beforeAll(async () => {
  admin = await t.login();
  const me = (await t.get('/v1/users/me', { token: admin })).json<{ id: string }>();
  tenantId = (await t.app.db.selectFrom('users').select('tenantId').where('id', '=', me.id).executeTakeFirstOrThrow())
    .tenantId;
  agents = [];
  for (let i = 0; i < 3; i++) agents.push(await t.createUser(admin, 'agent'));
  other = await t.createTenant(admin);
});

const newRobot = async (token = admin) =>
  (await t.post('/v1/processes', { token, body: { name: `bot-${randomUUID().slice(0, 6)}` } })).json<{
    processId: string;
  }>().processId;

/** A team of `memberIds` subscribed to `processId`. */
const newTeam = async (memberIds: string[], processId: string) => {
  const team = (
    await t.post('/v1/case/team', { token: admin, body: { name: `team-${randomUUID()}`, memberIds } })
  ).json<CaseTeam>();
  const res = await t.post('/v1/case/team/processes', {
    token: admin,
    body: { teamId: team.id, processIds: [processId] },
  });
  expect(res.statusCode).toBe(200);
  return team;
};

/** Opens a case as the case opening does: inserts it, routes it in the same transaction, writes the answer. */
const open = (processId: string, form: CaseFormValues = {}, title = 'A lead'): Promise<CaseRecipient> =>
  t.app.db.transaction().execute(async (trx) => {
    const id = randomUUID();
    const now = isoNow();
    await scoped(trx, tenantId)
      .insertInto('cases', {
        id,
        processId,
        title,
        customer: 'Ann',
        phone: '555 0100',
        status: 'new',
        checked: 0,
        source: 'caseForm',
        form: JSON.stringify(form),
        sessionId: null,
        visitorId: null,
        shareId: null,
        teamId: null,
        assigneeId: null,
        notes: '',
        createdAt: now,
        updatedAt: now,
        closedAt: null,
      })
      .execute();
    const recipient = await routeOpenedCase(trx, {
      id,
      tenantId,
      processId,
      title,
      customer: 'Ann',
      phone: '555 0100',
      form,
      source: 'caseForm',
    });
    await scoped(trx, tenantId).updateTable('cases').set(recipient).where('id', '=', id).execute();
    return recipient;
  });

const ids = () => agents.map((agent) => agent.user.id);

describe('routeOpenedCase: round-robin', () => {
  it('gives the cases of a subscribed robot to the team members in turn: 1, 2, 3, 1', async () => {
    const processId = await newRobot();
    const team = await newTeam(ids(), processId);
    const given = [];
    for (let i = 0; i < 4; i++) given.push(await open(processId));
    expect(given).toEqual([0, 1, 2, 0].map((i) => ({ teamId: team.id, assigneeId: ids()[i] })));
  });

  it('answers no team and no agent when no team subscribes, or the subscription is off', async () => {
    const processId = await newRobot();
    expect(await open(processId)).toEqual({ teamId: null, assigneeId: null });
    const team = await newTeam(ids(), processId);
    await t.post('/v1/case/team/subscribe/disable', { token: admin, body: { teamId: team.id, processId } });
    expect(await open(processId)).toEqual({ teamId: null, assigneeId: null });
    await t.post('/v1/case/team/subscribe/enable', { token: admin, body: { teamId: team.id, processId } });
    expect((await open(processId)).teamId).toBe(team.id);
  });

  it('skips a frozen member and gives them turns again once unfrozen', async () => {
    const processId = await newRobot();
    const members = [await t.createUser(admin, 'agent'), await t.createUser(admin, 'agent')];
    const team = await newTeam(
      members.map((m) => m.user.id),
      processId,
    );
    expect((await t.get(`/v1/users/${members[0]!.user.id}/freeze`, { token: admin })).statusCode).toBe(200);
    expect((await open(processId)).assigneeId).toBe(members[1]!.user.id);
    expect((await open(processId)).assigneeId).toBe(members[1]!.user.id);
    await t.get(`/v1/users/${members[0]!.user.id}/unfreeze`, { token: admin });
    expect(await open(processId)).toEqual({ teamId: team.id, assigneeId: members[0]!.user.id });
  });

  it('with a whitelist, gives cases only to members whose phone is on it', async () => {
    const processId = await newRobot();
    const members = [await t.createUser(admin, 'agent'), await t.createUser(admin, 'agent')];
    await t.put(`/v1/users/${members[0]!.user.id}`, { token: admin, body: { phone: '138-0000-1111' } });
    await t.put(`/v1/users/${members[1]!.user.id}`, { token: admin, body: { phone: '13900002222' } });
    await newTeam(
      members.map((m) => m.user.id),
      processId,
    );
    const added = await t.post('/v1/case/sale/phone', { token: admin, body: { phone: '139 0000 2222' } });
    expect(added.statusCode).toBe(200);
    try {
      expect((await open(processId)).assigneeId).toBe(members[1]!.user.id);
      expect((await open(processId)).assigneeId).toBe(members[1]!.user.id);
    } finally {
      await t.del(`/v1/case/sale/phone?id=${added.json<{ id: string }>().id}`, { token: admin });
    }
    // An empty whitelist allows every member again.
    expect((await open(processId)).assigneeId).toBe(members[0]!.user.id);
  });

  it('leaves the case in the team unassigned when no member may receive it', async () => {
    const processId = await newRobot();
    const member = await t.createUser(admin, 'agent');
    const team = await newTeam([member.user.id], processId);
    await t.get(`/v1/users/${member.user.id}/freeze`, { token: admin });
    expect(await open(processId)).toEqual({ teamId: team.id, assigneeId: null });
  });

  it('shares a robot between two teams: the team that waited longest receives the next case', async () => {
    const processId = await newRobot();
    const first = await newTeam([ids()[0]!], processId);
    const second = await newTeam([ids()[1]!], processId);
    const teams = [];
    for (let i = 0; i < 4; i++) teams.push((await open(processId)).teamId);
    expect(teams).toEqual([first.id, second.id, first.id, second.id]);
  });

  it('gives concurrent openings distinct turns: 30 at once over 3 agents give each exactly 10', async () => {
    const processId = await newRobot();
    await newTeam(ids(), processId);
    const given = await Promise.all(Array.from({ length: 30 }, () => open(processId)));
    const counts = new Map<string, number>();
    for (const { assigneeId } of given) counts.set(assigneeId!, (counts.get(assigneeId!) ?? 0) + 1);
    expect([...counts.values()]).toEqual([10, 10, 10]);
    // The cursor ends where the last turn left it: the next case goes to the first agent again.
    expect((await open(processId)).assigneeId).toBe(ids()[0]);
  });
});

describe('POST /v1/case routes the case it opens', () => {
  it('gives each new case to the next agent of the subscribed team and notifies them', async () => {
    const processId = await newRobot();
    const members = [await t.createUser(admin, 'agent'), await t.createUser(admin, 'agent')];
    const team = await newTeam(
      members.map((m) => m.user.id),
      processId,
    );
    const given = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.post('/v1/case', { token: admin, body: { processId, title: `Lead ${i}` } });
      expect(res.statusCode).toBe(200);
      given.push(res.json<{ teamId: string; assigneeId: string }>());
    }
    expect(given.map((c) => [c.teamId, c.assigneeId])).toEqual([0, 1, 0].map((i) => [team.id, members[i]!.user.id]));
    const notes = (
      await t.get('/v1/case/notifications', { token: members[0]!.token })
    ).json<CaseNotificationListResponse>();
    expect(notes.list.map((n) => n.title)).toEqual(['Lead 2', 'Lead 0']);
  });
});

describe('case notifications', () => {
  it('shows the assignee their case, newest first, with the unread count; reads by id or all', async () => {
    const agent = await t.createUser(admin, 'agent');
    const processId = await newRobot();
    await newTeam([agent.user.id], processId);
    await open(processId, {}, 'First lead');
    await open(processId, {}, 'Second lead');
    const list = (await t.get('/v1/case/notifications', { token: agent.token })).json<CaseNotificationListResponse>();
    expect(list).toMatchObject({ total: 2, unread: 2 });
    expect(list.list.map((n) => [n.title, n.read])).toEqual([
      ['Second lead', false],
      ['First lead', false],
    ]);

    // Another user's ids change nothing of theirs.
    const stranger = await t.createUser(admin, 'agent');
    const foreign = await t.post('/v1/case/notifications/read', {
      token: stranger.token,
      body: { ids: [list.list[0]!.id] },
    });
    expect(foreign.json()).toEqual({ unread: 0 });

    const one = await t.post('/v1/case/notifications/read', { token: agent.token, body: { ids: [list.list[0]!.id] } });
    expect(one.json()).toEqual({ unread: 1 });
    const all = await t.post('/v1/case/notifications/read', { token: agent.token, body: {} });
    expect(all.json()).toEqual({ unread: 0 });
    const after = (
      await t.get('/v1/case/notifications?limit=1', { token: agent.token })
    ).json<CaseNotificationListResponse>();
    expect(after).toMatchObject({ total: 2, unread: 0 });
    expect(after.list).toHaveLength(1);
  });

  it('keeps a note only while its reader may see the case (out of the team and given to another: gone)', async () => {
    const [first, second] = [await t.createUser(admin, 'agent'), await t.createUser(admin, 'agent')];
    const processId = await newRobot();
    const team = await newTeam([first.user.id], processId);
    await open(processId, {}, 'Kept lead');
    await open(processId, {}, 'Moved lead');
    const notes = async () =>
      (await t.get('/v1/case/notifications', { token: first.token })).json<CaseNotificationListResponse>();
    const before = await notes();
    expect(before).toMatchObject({ total: 2, unread: 2 });
    const moved = before.list.find((n) => n.title === 'Moved lead')!;
    const give = await t.put(`/v1/case/${moved.caseId}`, { token: admin, body: { assigneeId: second.user.id } });
    expect(give.statusCode).toBe(200);
    // Still a member: the team's cases stay in sight, and their notes with them.
    expect((await notes()).total).toBe(2);

    const leave = await t.put(`/v1/case/team/${team.id}`, {
      token: admin,
      body: { name: team.name, memberIds: [second.user.id] },
    });
    expect(leave.statusCode).toBe(200);
    const after = await notes();
    expect(after.list.map((n) => n.title)).toEqual(['Kept lead']);
    expect(after).toMatchObject({ total: 1, unread: 1 });
    const read = await t.post('/v1/case/notifications/read', { token: first.token, body: { ids: [moved.id] } });
    expect(read.json()).toEqual({ unread: 1 });
  });

  it('refuses bad input with 422 and strangers with 401', async () => {
    expect((await t.get('/v1/case/notifications?limit=0', { token: admin })).statusCode).toBe(422);
    expect((await t.post('/v1/case/notifications/read', { token: admin, body: { ids: [] } })).statusCode).toBe(422);
    expect((await t.post('/v1/case/notifications/read', { token: admin, body: { ids: [''] } })).statusCode).toBe(422);
    expect((await t.get('/v1/case/notifications')).statusCode).toBe(401);
  });
});

describe('case orders', () => {
  let sceneRobot: string;
  let plainRobot: string;

  beforeAll(async () => {
    sceneRobot = await newRobot();
    plainRobot = await newRobot();
    const now = isoNow();
    await scoped(t.app.db, tenantId)
      .insertInto('businessScenes', {
        processId: sceneRobot,
        templateId: 'lead-collection',
        values: '{}',
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  });

  const orders = async (query = '', token = admin) =>
    (await t.get(`/v1/case/orders${query}`, { token })).json<CaseOrderListResponse>();

  it('records an order for a business-scene robot whose case names a product and an amount', async () => {
    const before = (await orders(`?processId=${sceneRobot}`)).total;
    await open(sceneRobot, { product: 'Blue kettle', amount: '19.90', quantity: 2 });
    await open(sceneRobot, { product: 'Red kettle', amount: 25 });
    // No order: a robot not made from a scene, no product, an amount that is not money, a bad quantity.
    await open(plainRobot, { product: 'Blue kettle', amount: 19.9 });
    await open(sceneRobot, { amount: 5 });
    await open(sceneRobot, { product: 'Tea', amount: '1.999' });
    await open(sceneRobot, { product: 'Tea', amount: 3, quantity: 0 });
    const list = await orders(`?processId=${sceneRobot}`);
    expect(list.total).toBe(before + 2);
    expect(list.list.slice(0, 2).map((o) => [o.product, o.quantity, o.amountCents, o.status, o.customer])).toEqual([
      ['Red kettle', 1, 2500, 'pending', 'Ann'],
      ['Blue kettle', 2, 1990, 'pending', 'Ann'],
    ]);
    expect((await orders(`?processId=${plainRobot}`)).total).toBe(0);
  });

  it('filters by status, robot and time, with /total agreeing, and pages', async () => {
    await open(sceneRobot, { product: 'Mug', amount: 4 });
    const all = await orders(`?processId=${sceneRobot}&limit=200`);
    const newest = all.list[0]!;
    await t.put(`/v1/case/orders/${newest.id}`, { token: admin, body: { status: 'paid' } });
    const paid = await orders(`?processId=${sceneRobot}&status=paid`);
    expect(paid.list.map((o) => o.id)).toEqual([newest.id]);
    const total = await t.get(`/v1/case/orders/total?processId=${sceneRobot}&status=paid`, { token: admin });
    expect(total.json()).toEqual({ total: 1 });
    const later = await orders(`?from=${encodeURIComponent(newest.createdAt)}&processId=${sceneRobot}`);
    expect(later.list.map((o) => o.id)).toEqual([newest.id]);
    const earlier = await orders(`?to=${encodeURIComponent(newest.createdAt)}&processId=${sceneRobot}`);
    expect(earlier.total).toBe(all.total - 1);
    const mug = await orders(`?processId=${sceneRobot}&keyword=MUG`);
    expect(mug.list.map((o) => o.id)).toEqual([newest.id]);
    const page = await orders(`?processId=${sceneRobot}&limit=1&offset=1`);
    expect(page.list.map((o) => o.id)).toEqual([all.list[1]!.id]);
  });

  it('moves a status forward only (409 otherwise); agents may not move', async () => {
    await open(sceneRobot, { product: 'Pot', amount: 10 });
    const order = (await orders(`?processId=${sceneRobot}&status=pending`)).list[0]!;
    const agent = agents[0]!.token;
    expect((await t.put(`/v1/case/orders/${order.id}`, { token: agent, body: { status: 'paid' } })).statusCode).toBe(
      403,
    );
    const paid = await t.put(`/v1/case/orders/${order.id}`, { token: admin, body: { status: 'paid' } });
    expect(paid.json<CaseOrder>()).toMatchObject({ id: order.id, status: 'paid', processId: sceneRobot });
    const back = await t.put(`/v1/case/orders/${order.id}`, { token: admin, body: { status: 'pending' } });
    expect(back.statusCode).toBe(409);
    expect(back.json().code).toBe('CASE_ORDER_STATUS_MOVE');
    expect(
      (await t.put(`/v1/case/orders/${order.id}`, { token: admin, body: { status: 'fulfilled' } })).statusCode,
    ).toBe(200);
    expect(
      (await t.put(`/v1/case/orders/${order.id}`, { token: admin, body: { status: 'cancelled' } })).statusCode,
    ).toBe(409);
  });

  it('shows agents only the orders of the cases they may see (an operator with the agent flag too)', async () => {
    const robot = await newRobot();
    const now = isoNow();
    await scoped(t.app.db, tenantId)
      .insertInto('businessScenes', {
        processId: robot,
        templateId: 'lead-collection',
        values: '{}',
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const member = await t.createUser(admin, 'agent');
    const stranger = await t.createUser(admin, 'agent');
    const agentOperator = await t.createUser(admin, 'operator');
    const flag = await t.put(`/v1/users/${agentOperator.user.id}`, { token: admin, body: { isAgent: true } });
    expect(flag.statusCode).toBe(200);
    await newTeam([member.user.id], robot);
    await open(robot, { product: 'Lamp', amount: 12 });

    const query = `?processId=${robot}`;
    expect((await orders(query, member.token)).list.map((o) => o.product)).toEqual(['Lamp']);
    const order = (await orders(query)).list[0]!;
    expect(order.product).toBe('Lamp');
    for (const token of [stranger.token, agentOperator.token]) {
      expect(await orders(query, token)).toEqual({ list: [], total: 0 });
      expect((await t.get(`/v1/case/orders/total${query}`, { token })).json()).toEqual({ total: 0 });
    }
    const hidden = await t.put(`/v1/case/orders/${order.id}`, {
      token: agentOperator.token,
      body: { status: 'paid' },
    });
    expect(hidden.statusCode).toBe(404);

    // Given the case, the operator sees its order and may move it.
    await t.put(`/v1/case/${order.caseId}`, { token: admin, body: { assigneeId: agentOperator.user.id } });
    expect((await orders(query, agentOperator.token)).total).toBe(1);
    const moved = await t.put(`/v1/case/orders/${order.id}`, {
      token: agentOperator.token,
      body: { status: 'paid' },
    });
    expect(moved.statusCode).toBe(200);
  });

  it("answers another tenant's order with 404 and bad input with 422", async () => {
    await open(sceneRobot, { product: 'Cup', amount: 1 });
    const order = (await orders(`?processId=${sceneRobot}`)).list[0]!;
    expect((await orders('', other.token)).total).toBe(0);
    const foreign = await t.put(`/v1/case/orders/${order.id}`, { token: other.token, body: { status: 'paid' } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('CASE_ORDER_NOT_FOUND');
    expect((await t.put(`/v1/case/orders/${order.id}`, { token: admin, body: { status: 'lost' } })).statusCode).toBe(
      422,
    );
    expect((await t.get('/v1/case/orders?status=lost', { token: admin })).statusCode).toBe(422);
    expect((await t.get('/v1/case/orders?from=yesterday', { token: admin })).statusCode).toBe(422);
    expect((await t.get('/v1/case/orders/total?to=2026-13-45T99:00:00Z', { token: admin })).statusCode).toBe(422);
    expect((await t.get('/v1/case/orders')).statusCode).toBe(401);
  });
});
