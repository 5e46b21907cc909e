import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CASE_TEAM_EXPORT_FILE,
  CASE_TEAM_LIMITS,
  type CaseSalePhone,
  type CaseTeam,
  type CaseTeamListResponse,
  type CaseTeamProcess,
} from '@flotilla/shared/contracts';
import { scoped } from '../../src/db/scoped';
import { isoNow } from '../../src/lib/clock';
import { useTestApp } from '../helper';

const t = useTestApp();

let admin: string;
let tenantId: string;
let operator: Awaited<ReturnType<typeof t.createUser>>;
let agent: Awaited<ReturnType<typeof t.createUser>>;
let outsider: Awaited<ReturnType<typeof t.createUser>>;
let other: Awaited<ReturnType<typeof t.createTenant>>;
let robot: string;

beforeAll(async () => {
  admin = await t.login();
  const me = (await t.get('/v1/users/me', { token: admin })).json<{ id: string }>();
  tenantId = (await t.app.db.selectFrom('users').select('tenantId').where('id', '=', me.id).executeTakeFirstOrThrow())
    .tenantId;
  operator = await t.createUser(admin, 'operator');
  agent = await t.createUser(admin, 'agent');
  outsider = await t.createUser(admin, 'agent');
  other = await t.createTenant(admin);
  robot = await newRobot();
});

async function newRobot(token = admin) {
  const res = await t.post('/v1/processes', { token, body: { name: `bot-${randomUUID().slice(0, 6)}` } });
  return res.json<{ processId: string }>().processId;
}

const createTeam = (body: Record<string, unknown>, token = operator.token) => t.post('/v1/case/team', { token, body });
const newTeam = async (memberIds: string[] = [agent.user.id]) =>
  (await createTeam({ name: `team-${randomUUID()}`, memberIds })).json<CaseTeam>();

describe('teams', () => {
  it('creates, lists (with members in turn order and robots), counts, updates and deletes a team', async () => {
    const created = await createTeam({
      name: '  Sales East ',
      description: 'Leads of the east',
      memberIds: [agent.user.id, operator.user.id, agent.user.id],
    });
    expect(created.statusCode).toBe(200);
    const team = created.json<CaseTeam>();
    expect(team).toMatchObject({ name: 'Sales East', description: 'Leads of the east', processes: [] });
    expect(team.members.map((m) => m.id)).toEqual([agent.user.id, operator.user.id]);
    await t.post('/v1/case/team/processes', { token: operator.token, body: { teamId: team.id, processIds: [robot] } });

    const list = (await t.get('/v1/case/team?limit=200', { token: operator.token })).json<CaseTeamListResponse>();
    const listed = list.list.find((x) => x.id === team.id)!;
    expect(listed.processes).toEqual([{ processId: robot, processName: expect.any(String), subscribed: true }]);
    const total = (await t.get('/v1/case/team/total', { token: operator.token })).json<{ total: number }>();
    expect(total.total).toBe(list.total);

    const updated = await t.put(`/v1/case/team/${team.id}`, {
      token: operator.token,
      body: { name: 'Sales West', memberIds: [outsider.user.id, operator.user.id] },
    });
    expect(updated.json<CaseTeam>()).toMatchObject({ name: 'Sales West', description: '' });
    // Kept members keep their turn; new ones join at the end.
    expect(updated.json<CaseTeam>().members.map((m) => m.id)).toEqual([operator.user.id, outsider.user.id]);

    expect((await t.del(`/v1/case/team/${team.id}`, { token: operator.token })).json()).toEqual({ ok: true });
    expect((await t.del(`/v1/case/team/${team.id}`, { token: operator.token })).statusCode).toBe(404);
    const after = (await t.get('/v1/case/team/total', { token: operator.token })).json<{ total: number }>();
    expect(after.total).toBe(total.total - 1);
  });

  it('searches teams by name on the server', async () => {
    const mark = randomUUID().slice(0, 8);
    await createTeam({ name: `North ${mark}`, memberIds: [] });
    await createTeam({ name: `South ${mark}`, memberIds: [] });
    const found = (
      await t.get(`/v1/case/team?keyword=north%20${mark}`, { token: operator.token })
    ).json<CaseTeamListResponse>();
    expect(found.list.map((x) => x.name)).toEqual([`North ${mark}`]);
    expect(found.total).toBe(1);
  });

  it('refuses a taken name with 409', async () => {
    const name = `team-${randomUUID()}`;
    expect((await createTeam({ name, memberIds: [] })).statusCode).toBe(200);
    const again = await createTeam({ name, memberIds: [] });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CASE_TEAM_NAME_TAKEN');
    const team = await newTeam();
    const rename = await t.put(`/v1/case/team/${team.id}`, { token: operator.token, body: { name, memberIds: [] } });
    expect(rename.statusCode).toBe(409);
  });

  it("refuses frozen members with 422 naming the member, unknown and another tenant's users with 404", async () => {
    const frozen = await t.createUser(admin, 'agent');
    await t.get(`/v1/users/${frozen.user.id}/freeze`, { token: admin });
    const refused = await createTeam({ name: `team-${randomUUID()}`, memberIds: [agent.user.id, frozen.user.id] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail[0]).toMatchObject({ loc: ['body', 'memberIds', 1], type: 'CASE_TEAM_MEMBER_INVALID' });
    for (const bad of [randomUUID(), other.admin.id]) {
      const res = await createTeam({ name: `team-${randomUUID()}`, memberIds: [agent.user.id, bad] });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('USER_NOT_FOUND');
    }
  });

  it.each([
    ['a blank name', { name: '   ', memberIds: [] }],
    ['no name', { memberIds: [] }],
    ['a long name', { name: 'x'.repeat(CASE_TEAM_LIMITS.nameMax + 1), memberIds: [] }],
    ['too many members', { name: 'n', memberIds: Array.from({ length: CASE_TEAM_LIMITS.membersMax + 1 }, () => 'u') }],
    ['members not a list', { name: 'n', memberIds: { a: 1 } }],
  ])('refuses %s with 422', async (_, body) => {
    expect((await createTeam(body)).statusCode).toBe(422);
  });

  it('lets agents read only the teams they are in; only operators manage teams', async () => {
    const mine = await newTeam([agent.user.id]);
    const notMine = await newTeam([outsider.user.id]);
    const seen = (await t.get('/v1/case/team?limit=200', { token: agent.token })).json<CaseTeamListResponse>();
    expect(seen.list.map((x) => x.id)).toContain(mine.id);
    expect(seen.list.map((x) => x.id)).not.toContain(notMine.id);
    expect((await t.get('/v1/case/team/total', { token: agent.token })).json()).toEqual({ total: seen.total });
    expect((await t.get(`/v1/case/team/processes?teamId=${mine.id}`, { token: agent.token })).statusCode).toBe(200);
    expect((await t.get(`/v1/case/team/processes?teamId=${notMine.id}`, { token: agent.token })).statusCode).toBe(404);

    const body = { name: 'x', memberIds: [] };
    expect((await t.post('/v1/case/team', { token: agent.token, body })).statusCode).toBe(403);
    expect((await t.put(`/v1/case/team/${mine.id}`, { token: agent.token, body })).statusCode).toBe(403);
    expect((await t.del(`/v1/case/team/${mine.id}`, { token: agent.token })).statusCode).toBe(403);
    const sub = { teamId: mine.id, processId: robot };
    expect((await t.post('/v1/case/team/subscribe/enable', { token: agent.token, body: sub })).statusCode).toBe(403);
    expect((await t.post('/v1/case/team/subscribe/disable', { token: agent.token, body: sub })).statusCode).toBe(403);
    const set = { teamId: mine.id, processIds: [robot] };
    expect((await t.post('/v1/case/team/processes', { token: agent.token, body: set })).statusCode).toBe(403);
    expect((await t.get('/v1/case/team')).statusCode).toBe(401);
  });

  it("answers another tenant's team with 404 on every call", async () => {
    const team = await newTeam();
    const token = other.token;
    const body = { name: 'mine now', memberIds: [] };
    expect((await t.put(`/v1/case/team/${team.id}`, { token, body })).statusCode).toBe(404);
    // The team is looked at before the members the body names, whoever they are.
    const frozen = await t.createUser(other.token, 'agent');
    await t.get(`/v1/users/${frozen.user.id}/freeze`, { token: other.token });
    for (const memberIds of [[randomUUID()], [frozen.user.id]]) {
      const res = await t.put(`/v1/case/team/${team.id}`, { token, body: { name: 'x', memberIds } });
      expect(res.json()).toMatchObject({ code: 'CASE_TEAM_NOT_FOUND' });
    }
    expect((await t.del(`/v1/case/team/${team.id}`, { token })).statusCode).toBe(404);
    expect((await t.get(`/v1/case/team/processes?teamId=${team.id}`, { token })).statusCode).toBe(404);
    const foreignRobot = await newRobot(other.token);
    const set = await t.post('/v1/case/team/processes', {
      token,
      body: { teamId: team.id, processIds: [foreignRobot] },
    });
    expect(set.statusCode).toBe(404);
    const sub = { teamId: team.id, processId: robot };
    expect((await t.post('/v1/case/team/subscribe/enable', { token, body: sub })).statusCode).toBe(404);
    expect((await t.get(`/v1/case/team/export?teamId=${team.id}`, { token })).statusCode).toBe(404);
    expect((await t.get('/v1/case/team?limit=200', { token })).json<CaseTeamListResponse>().list).toEqual([]);
  });
});

describe('team robots and subscriptions', () => {
  it('sets the list (removing left-out robots, keeping flags), toggles subscriptions', async () => {
    const team = await newTeam();
    const second = await newRobot();
    const third = await newRobot();
    const set = (processIds: string[]) =>
      t.post('/v1/case/team/processes', { token: operator.token, body: { teamId: team.id, processIds } });
    expect((await set([robot, second])).json<{ total: number }>().total).toBe(2);
    const off = await t.post('/v1/case/team/subscribe/disable', {
      token: operator.token,
      body: { teamId: team.id, processId: second },
    });
    expect(off.json<CaseTeamProcess>()).toMatchObject({ processId: second, subscribed: false });
    const list = (await set([second, third])).json<{ list: CaseTeamProcess[] }>().list;
    expect(list.map((p) => [p.processId, p.subscribed])).toEqual([
      [second, false],
      [third, true],
    ]);
    const read = await t.get(`/v1/case/team/processes?teamId=${team.id}`, { token: operator.token });
    expect(read.json<{ list: CaseTeamProcess[] }>().list).toEqual(list);

    // Enabling a robot not on the list adds it; disabling one not on it is a 404.
    const on = await t.post('/v1/case/team/subscribe/enable', {
      token: operator.token,
      body: { teamId: team.id, processId: robot },
    });
    expect(on.json<CaseTeamProcess>()).toMatchObject({ processId: robot, subscribed: true });
    await set([]);
    const missing = await t.post('/v1/case/team/subscribe/disable', {
      token: operator.token,
      body: { teamId: team.id, processId: robot },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses unknown or foreign robots and bad input', async () => {
    const team = await newTeam();
    const foreignRobot = await newRobot(other.token);
    const set = await t.post('/v1/case/team/processes', {
      token: operator.token,
      body: { teamId: team.id, processIds: [robot, foreignRobot] },
    });
    expect(set.statusCode).toBe(404);
    expect(set.json().code).toBe('ROBOT_NOT_FOUND');
    const enable = await t.post('/v1/case/team/subscribe/enable', {
      token: operator.token,
      body: { teamId: team.id, processId: foreignRobot },
    });
    expect(enable.statusCode).toBe(404);
    const tooMany = Array.from({ length: CASE_TEAM_LIMITS.processesMax + 1 }, () => robot);
    expect(
      (
        await t.post('/v1/case/team/processes', {
          token: operator.token,
          body: { teamId: team.id, processIds: tooMany },
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (await t.post('/v1/case/team/subscribe/enable', { token: operator.token, body: { teamId: team.id } })).statusCode,
    ).toBe(422);
    expect((await t.get('/v1/case/team/processes', { token: operator.token })).statusCode).toBe(422);
  });
});

describe('phone whitelist', () => {
  it('adds phones normalized, refuses repeats (409), lists in phone order, deletes', async () => {
    const add = (phone: string, token = operator.token) => t.post('/v1/case/sale/phone', { token, body: { phone } });
    const first = await add('+86 139-0000-0001');
    expect(first.json<CaseSalePhone>().phone).toBe('+8613900000001');
    const second = await add('138 0000 0002');
    const again = await add('+8613900000001');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CASE_SALE_PHONE_TAKEN');
    const list = (await t.get('/v1/case/sale/phone', { token: admin })).json<{
      list: CaseSalePhone[];
      total: number;
    }>();
    expect(list.list.map((p) => p.phone)).toEqual(['+8613900000001', '13800000002']);
    expect(list.total).toBe(2);
    const search = await t.get('/v1/case/sale/phone?keyword=0000-0002', { token: admin });
    expect(search.json<{ list: CaseSalePhone[] }>().list.map((p) => p.phone)).toEqual(['13800000002']);

    // Another tenant neither sees nor removes them, and may list the same phone.
    expect((await t.get('/v1/case/sale/phone', { token: other.token })).json()).toEqual({ list: [], total: 0 });
    const id = second.json<CaseSalePhone>().id;
    expect((await t.del(`/v1/case/sale/phone?id=${id}`, { token: other.token })).statusCode).toBe(404);
    expect((await add('138 0000 0002', other.token)).statusCode).toBe(200);

    expect((await t.del(`/v1/case/sale/phone?id=${id}`, { token: operator.token })).json()).toEqual({ ok: true });
    expect((await t.del(`/v1/case/sale/phone?id=${id}`, { token: operator.token })).statusCode).toBe(404);
    await t.del(`/v1/case/sale/phone?id=${first.json<CaseSalePhone>().id}`, { token: operator.token });
  });

  it.each([['abc'], ['12'], ['1'.repeat(33)], ['+1234567890123456789012'], [''], ['12 34; drop']])(
    'refuses the phone %j with 422',
    async (phone) => {
      const res = await t.post('/v1/case/sale/phone', { token: operator.token, body: { phone } });
      expect(res.statusCode).toBe(422);
    },
  );

  it('refuses a phone past the bound with 409', async () => {
    const now = isoNow();
    const rows = Array.from({ length: CASE_TEAM_LIMITS.salePhonesMax }, (_, i) => ({
      id: randomUUID(),
      phone: `1${String(i).padStart(10, '0')}`,
      createdAt: now,
    }));
    const own = scoped(t.app.db, other.tenant.id);
    for (let i = 0; i < rows.length; i += 200) await own.insertInto('caseSalePhones', rows.slice(i, i + 200)).execute();
    const res = await t.post('/v1/case/sale/phone', { token: other.token, body: { phone: '19999999999' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CASE_SALE_PHONES_FULL');
    await own.deleteFrom('caseSalePhones').execute();
  });

  it('is managed and read by operators only', async () => {
    expect((await t.get('/v1/case/sale/phone', { token: agent.token })).statusCode).toBe(403);
    expect(
      (await t.post('/v1/case/sale/phone', { token: agent.token, body: { phone: '13900000000' } })).statusCode,
    ).toBe(403);
    expect((await t.del(`/v1/case/sale/phone?id=${randomUUID()}`, { token: agent.token })).statusCode).toBe(403);
    expect((await t.del('/v1/case/sale/phone', { token: operator.token })).statusCode).toBe(422);
  });
});

describe('GET /v1/case/team/export', () => {
  it("downloads the team's cases as xlsx with its file name; the bytes read back with exceljs", async () => {
    const team = await newTeam([agent.user.id]);
    const now = isoNow();
    const own = scoped(t.app.db, tenantId);
    const base = {
      processId: robot,
      customer: 'Ann',
      phone: '555',
      status: 'assigned' as const,
      checked: 0 as const,
      source: 'caseForm' as const,
      sessionId: null,
      visitorId: null,
      shareId: null,
      notes: '',
      updatedAt: now,
      closedAt: null,
    };
    await own
      .insertInto('cases', [
        {
          ...base,
          id: randomUUID(),
          title: '=1+1',
          form: '{"product":"Kettle"}',
          teamId: team.id,
          assigneeId: agent.user.id,
          createdAt: now,
        },
        { ...base, id: randomUUID(), title: 'elsewhere', form: '{}', teamId: null, assigneeId: null, createdAt: now },
      ])
      .execute();

    const res = await t.get(`/v1/case/team/export?teamId=${team.id}`, {
      token: agent.token,
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(CASE_TEAM_EXPORT_FILE);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    const header = sheet.getRow(1).values as unknown[];
    expect(header).toContain('Title');
    const row = sheet.getRow(2).values as unknown[];
    expect(row).toContain('=1+1');
    expect(row).toContain('Assigned');
    expect(row).toContain('product: Kettle');
    expect(row).toContain(agent.user.nickname);

    const notMine = await newTeam([outsider.user.id]);
    expect((await t.get(`/v1/case/team/export?teamId=${notMine.id}`, { token: agent.token })).statusCode).toBe(404);
    expect((await t.get('/v1/case/team/export', { token: agent.token })).statusCode).toBe(422);
  });

  it('reads the cases a batch at a time: more than one batch at the same instant, each case once', async () => {
    const team = await newTeam([agent.user.id]);
    const now = isoNow();
    const cases = Array.from({ length: 501 }, (_, i) => ({
      id: randomUUID(),
      processId: robot,
      title: `Lead ${i}`,
      customer: '',
      phone: '',
      status: 'new' as const,
      checked: 0 as const,
      source: 'manual' as const,
      form: '{}',
      sessionId: null,
      visitorId: null,
      shareId: null,
      teamId: team.id,
      assigneeId: null,
      notes: '',
      createdAt: now,
      updatedAt: now,
      closedAt: null,
    }));
    for (let i = 0; i < cases.length; i += 100)
      await scoped(t.app.db, tenantId)
        .insertInto('cases', cases.slice(i, i + 100))
        .execute();
    const res = await t.get(`/v1/case/team/export?teamId=${team.id}`, { token: operator.token });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ids = workbook.worksheets[0]!.getColumn(11).values.slice(2);
    expect(new Set(ids).size).toBe(501);
    expect(ids).toEqual(
      cases
        .map((c) => c.id)
        .sort()
        .reverse(),
    );
  });

  it('counts an operator with the agent flag as an agent: it exports and sees only the teams it is in', async () => {
    const agentOperator = await t.createUser(admin, 'operator');
    const flag = await t.put(`/v1/users/${agentOperator.user.id}`, { token: admin, body: { isAgent: true } });
    expect(flag.statusCode).toBe(200);
    const mine = await newTeam([agentOperator.user.id]);
    const notMine = await newTeam([outsider.user.id]);
    const exportOf = (teamId: string, token: string) => t.get(`/v1/case/team/export?teamId=${teamId}`, { token });
    expect((await exportOf(mine.id, agentOperator.token)).statusCode).toBe(200);
    expect((await exportOf(notMine.id, agentOperator.token)).statusCode).toBe(404);
    expect((await exportOf(notMine.id, operator.token)).statusCode).toBe(200);
    const seen = (await t.get('/v1/case/team?limit=200', { token: agentOperator.token })).json<CaseTeamListResponse>();
    expect(seen.list.map((x) => x.id)).toEqual([mine.id]);
  });
});
