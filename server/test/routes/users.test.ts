import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@flotilla/shared/contracts';
import { useTestApp } from '../helper';

const t = useTestApp();
let admin: string;

beforeAll(async () => {
  admin = await t.login();
});

describe('POST /v1/users', () => {
  it('creates a user from a url-encoded form, coercing its fields', async () => {
    const res = await t.post('/v1/users', {
      token: admin,
      form: {
        username: 'form.agent',
        nickname: 'Form Agent',
        phone: '13800000000',
        password: 'secret-pass-1',
        role: 'agent',
        isAgent: 'true',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      username: 'form.agent',
      nickname: 'Form Agent',
      phone: '13800000000',
      role: 'agent',
      isAgent: true,
      ban: false,
    });
    await t.login('form.agent', 'secret-pass-1');
  });

  it('creates a user from JSON, in the admin’s tenant', async () => {
    const me = (await t.get('/v1/users/me', { token: admin })).json<User>();
    const res = await t.post('/v1/users', {
      token: admin,
      body: { username: 'json.operator', nickname: 'Op', password: 'secret-pass-1', role: 'operator' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'operator', isAgent: false, tenantId: me.tenantId });
  });

  it('answers 409 USERNAME_TAKEN for a username in use', async () => {
    const res = await t.post('/v1/users', {
      token: admin,
      body: { username: 'admin', nickname: 'x', password: 'secret-pass-1', role: 'operator' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('USERNAME_TAKEN');
  });

  it('answers 422 with the field for a bad role or short password', async () => {
    const role = await t.post('/v1/users', {
      token: admin,
      body: { username: 'bad.role', nickname: 'x', password: 'secret-pass-1', role: 'king' },
    });
    expect(role.statusCode).toBe(422);
    expect(role.json().detail).toEqual([
      { loc: ['body', 'role'], msg: expect.stringContaining('admin'), type: 'literal_error' },
    ]);
    const short = await t.post('/v1/users', {
      token: admin,
      body: { username: 'short.pw', nickname: 'x', password: 'short', role: 'agent' },
    });
    expect(short.json().detail[0]).toMatchObject({ loc: ['body', 'password'], type: 'string_too_short' });
  });

  it('is for admins only', async () => {
    const { token } = await t.createUser(admin, 'operator');
    const res = await t.post('/v1/users', {
      token,
      body: { username: 'by.operator', nickname: 'x', password: 'secret-pass-1', role: 'agent' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });
});

describe('GET /v1/users/list', () => {
  it('pages and filters by keyword, role and ban', async () => {
    for (const name of ['list.alpha', 'list.beta', 'list.gamma']) {
      await t.post('/v1/users', {
        token: admin,
        body: { username: name, nickname: name, password: 'secret-pass-1', role: 'agent' },
      });
    }
    const page = await t.get('/v1/users/list?keyword=list.&limit=2', { token: admin });
    expect(page.statusCode).toBe(200);
    expect(page.json().total).toBe(3);
    expect(page.json().list.map((u: User) => u.username)).toEqual(['list.gamma', 'list.beta']);

    const next = await t.get('/v1/users/list?keyword=LIST.&limit=2&offset=2', { token: admin });
    expect(next.json().list.map((u: User) => u.username)).toEqual(['list.alpha']);

    const admins = await t.get('/v1/users/list?role=admin', { token: admin });
    expect(admins.json().list.every((u: User) => u.role === 'admin')).toBe(true);

    const banned = await t.get('/v1/users/list?ban=true', { token: admin });
    expect(banned.json().list.every((u: User) => u.ban)).toBe(true);
  });

  it('is for admins only', async () => {
    const { token } = await t.createUser(admin, 'agent');
    expect((await t.get('/v1/users/list', { token })).statusCode).toBe(403);
  });
});

describe('freeze and unfreeze', () => {
  it("stops a frozen user's token at once and refuses their login; unfreezing lets them back in", async () => {
    const { user, token, password } = await t.createUser(admin, 'operator');
    expect((await t.get('/v1/users/me', { token })).statusCode).toBe(200);

    const frozen = await t.get(`/v1/users/${user.id}/freeze`, { token: admin });
    expect(frozen.statusCode).toBe(200);
    expect(frozen.json().ban).toBe(true);

    const me = await t.get('/v1/users/me', { token });
    expect(me.statusCode).toBe(401);
    expect(me.json().code).toBe('UNAUTHENTICATED');

    const login = await t.post('/v1/login', { body: { username: user.username, password } });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toMatchObject({ code: 'USER_FROZEN', isLogin: false });

    const unfrozen = await t.get(`/v1/users/${user.id}/unfreeze`, { token: admin });
    expect(unfrozen.json().ban).toBe(false);
    await t.login(user.username, password);
    // The old token stays revoked: unfreezing does not bring sessions back.
    expect((await t.get('/v1/users/me', { token })).statusCode).toBe(401);
  });

  it('does not let an admin freeze themself', async () => {
    const me = (await t.get('/v1/users/me', { token: admin })).json<User>();
    const res = await t.get(`/v1/users/${me.id}/freeze`, { token: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_REQUEST');
    expect((await t.get('/v1/users/me', { token: admin })).statusCode).toBe(200);
  });

  it('answers 404 USER_NOT_FOUND for an unknown user', async () => {
    const res = await t.get('/v1/users/no-such-user/freeze', { token: admin });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('USER_NOT_FOUND');
  });

  it('is for admins only', async () => {
    const { token } = await t.createUser(admin, 'operator');
    const victim = await t.createUser(admin, 'agent');
    expect((await t.get(`/v1/users/${victim.user.id}/freeze`, { token })).statusCode).toBe(403);
  });
});

/** Creates a user through the API as `adminToken`'s admin; fails the test when creation fails. */
async function addUser(
  adminToken: string,
  body: { username: string; nickname?: string; phone?: string; role: string; isAgent?: boolean },
): Promise<User> {
  const res = await t.post('/v1/users', {
    token: adminToken,
    body: { nickname: body.username, password: 'secret-pass-1', ...body },
  });
  if (res.statusCode !== 200) throw new Error(`create ${body.username}: ${res.statusCode} ${res.body}`);
  return res.json<User>();
}

const names = (res: { json: () => { list: Array<{ username?: string; name?: string }> } }) =>
  res.json().list.map((u) => u.username ?? u.name);

describe('GET /v1/users/list filters and sort', () => {
  let other: string;

  beforeAll(async () => {
    await addUser(admin, { username: 'filtzcharlie', nickname: 'Carol', phone: '138-0011 2233', role: 'agent' });
    await addUser(admin, { username: 'filtzalpha', phone: '13900112299', role: 'operator', isAgent: true });
    await addUser(admin, { username: 'filtzbravo', nickname: 'Bob', phone: '+86 137 0000 0000', role: 'operator' });
    other = (await t.createTenant(admin)).token;
    await addUser(other, { username: 'filtzforeign', phone: '13800112233', role: 'agent' });
  });

  it('matches the search box by username, nickname or phone as stored', async () => {
    expect(names(await t.get('/v1/users/list?keyword=CAROL', { token: admin }))).toEqual(['filtzcharlie']);
    expect(names(await t.get('/v1/users/list?keyword=filtzb', { token: admin }))).toEqual(['filtzbravo']);
    expect(names(await t.get('/v1/users/list?keyword=0011&sort=username&order=asc', { token: admin }))).toEqual([
      'filtzalpha',
      'filtzcharlie',
    ]);
    // As stored: the dashes of a number are part of what the box matches (the phone filter ignores them).
    expect(names(await t.get('/v1/users/list?keyword=138-0011', { token: admin }))).toEqual(['filtzcharlie']);
  });

  it('finds phone digits inside numbers stored with spaces and dashes, only in the caller’s tenant', async () => {
    const res = await t.get('/v1/users/list?phone=8001122', { token: admin });
    expect(names(res)).toEqual(['filtzcharlie']);
    expect(names(await t.get('/v1/users/list?phone=00112&sort=username&order=asc', { token: admin }))).toEqual([
      'filtzalpha',
      'filtzcharlie',
    ]);
  });

  it('filters by the agent flag, whatever the role', async () => {
    const agents = await t.get('/v1/users/list?keyword=filtz&isAgent=true&sort=username&order=asc', { token: admin });
    expect(names(agents)).toEqual(['filtzalpha', 'filtzcharlie']);
    const others = await t.get('/v1/users/list?keyword=filtz&isAgent=false', { token: admin });
    expect(names(others)).toEqual(['filtzbravo']);
  });

  it('sorts by username or creation, either way, newest first by default', async () => {
    const byName = (order: string) =>
      t.get(`/v1/users/list?keyword=filtz&sort=username&order=${order}`, { token: admin });
    expect(names(await byName('asc'))).toEqual(['filtzalpha', 'filtzbravo', 'filtzcharlie']);
    expect(names(await byName('desc'))).toEqual(['filtzcharlie', 'filtzbravo', 'filtzalpha']);
    expect(names(await t.get('/v1/users/list?keyword=filtz', { token: admin }))).toEqual([
      'filtzbravo',
      'filtzalpha',
      'filtzcharlie',
    ]);
    expect(names(await t.get('/v1/users/list?keyword=filtz&order=asc', { token: admin }))).toEqual([
      'filtzcharlie',
      'filtzalpha',
      'filtzbravo',
    ]);
  });

  it('answers 422 naming the field for a bad phone, sort, order, flag or a long keyword', async () => {
    const cases: Array<[string, string]> = [
      ['phone=138-00', 'phone'],
      [`phone=${'1'.repeat(33)}`, 'phone'],
      ['sort=password', 'sort'],
      ['order=up', 'order'],
      ['isAgent=maybe', 'isAgent'],
      [`keyword=${'k'.repeat(101)}`, 'keyword'],
    ];
    for (const [query, field] of cases) {
      const res = await t.get(`/v1/users/list?${query}`, { token: admin });
      expect(res.statusCode, query).toBe(422);
      expect(res.json().detail[0].loc, query).toEqual(['query', field]);
    }
  });

  it('never shows another tenant’s users', async () => {
    expect((await t.get('/v1/users/list?keyword=filtzforeign', { token: admin })).json().total).toBe(0);
    expect(names(await t.get('/v1/users/list?phone=13800112233', { token: other }))).toEqual(['filtzforeign']);
  });
});

describe('GET /v1/users/list/simple', () => {
  let other: string;

  beforeAll(async () => {
    await addUser(admin, { username: 'pickzone', nickname: 'Picker One', role: 'agent' });
    await addUser(admin, { username: 'pickztwo', nickname: 'Picker Two', role: 'operator' });
    other = (await t.createTenant(admin)).token;
    await addUser(other, { username: 'pickzforeign', role: 'agent' });
  });

  it('lists id and display name, paged and filtered by name, for any staff member', async () => {
    const { token } = await t.createUser(admin, 'agent');
    const res = await t.get('/v1/users/list/simple?keyword=pickz&limit=1', { token });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.total).toBe(2);
    expect(page.list).toEqual([{ id: expect.any(String), name: 'Picker Two' }]);
    const next = await t.get('/v1/users/list/simple?keyword=PICKER&limit=1&offset=1', { token });
    expect(next.json().list.map((u: { name: string }) => u.name)).toEqual(['Picker One']);
  });

  it('shows only the caller’s tenant', async () => {
    expect((await t.get('/v1/users/list/simple?keyword=pickz', { token: other })).json().list).toEqual([
      { id: expect.any(String), name: 'pickzforeign' },
    ]);
    const all = (await t.get('/v1/users/list/simple?limit=200', { token: admin })).json();
    expect(all.list.map((u: { name: string }) => u.name)).not.toContain('pickzforeign');
  });

  it('answers 422 for a bad page or a long keyword, 401 without a token', async () => {
    expect((await t.get('/v1/users/list/simple?limit=0', { token: admin })).statusCode).toBe(422);
    expect((await t.get('/v1/users/list/simple?limit=201', { token: admin })).statusCode).toBe(422);
    expect((await t.get(`/v1/users/list/simple?keyword=${'k'.repeat(101)}`, { token: admin })).statusCode).toBe(422);
    expect((await t.get('/v1/users/list/simple')).statusCode).toBe(401);
  });
});

describe('GET /v1/users/phone', () => {
  let dashed: User;
  let other: string;

  beforeAll(async () => {
    dashed = await addUser(admin, { username: 'phonezdashed', phone: '150-1234 5678', role: 'agent' });
    other = (await t.createTenant(admin)).token;
    await addUser(other, { username: 'phonezforeign', phone: '15099998888', role: 'agent' });
  });

  it('finds the user whose phone equals the number once spaces and dashes are removed', async () => {
    for (const phone of ['15012345678', '150 1234-5678']) {
      const res = await t.get(`/v1/users/phone?phone=${encodeURIComponent(phone)}`, { token: admin });
      expect(res.statusCode, phone).toBe(200);
      expect(res.json()).toMatchObject({ id: dashed.id, username: 'phonezdashed' });
    }
  });

  it('answers 404 USER_NOT_FOUND for a partial number or another tenant’s user', async () => {
    for (const phone of ['1501234567', '15099998888']) {
      const res = await t.get(`/v1/users/phone?phone=${phone}`, { token: admin });
      expect(res.statusCode, phone).toBe(404);
      expect(res.json().code).toBe('USER_NOT_FOUND');
    }
    expect((await t.get('/v1/users/phone?phone=15099998888', { token: other })).statusCode).toBe(200);
  });

  it('answers 422 for a missing, empty, long or non-numeric phone', async () => {
    for (const query of ['', 'phone=', `phone=${'1'.repeat(33)}`, 'phone=abc', "phone=1'%20or%201=1", 'phone=%25']) {
      const res = await t.get(`/v1/users/phone?${query}`, { token: admin });
      expect(res.statusCode, query).toBe(422);
    }
  });

  it('is for admins only', async () => {
    const { token } = await t.createUser(admin, 'operator');
    expect((await t.get('/v1/users/phone?phone=15012345678', { token })).statusCode).toBe(403);
  });
});

describe('GET /v1/users/allow/list', () => {
  type Acting = { id: string; name: string; role: string };
  const ids = async (token: string) =>
    (await t.get('/v1/users/allow/list?limit=200', { token })).json<{ list: Acting[] }>().list.map((u) => u.id);
  let tenantAdmin: string;
  let operator: { user: User; token: string };
  let flaggedOperator: User;
  let agent: { user: User; token: string };
  let otherOperator: User;

  beforeAll(async () => {
    // A tenant of its own, so the sets below are exact.
    tenantAdmin = (await t.createTenant(admin)).token;
    operator = await t.createUser(tenantAdmin, 'operator');
    otherOperator = (await t.createUser(tenantAdmin, 'operator')).user;
    flaggedOperator = await addUser(tenantAdmin, { username: 'allowzflagged', role: 'operator', isAgent: true });
    agent = await t.createUser(tenantAdmin, 'agent');
    await t.createUser(admin, 'agent');
  });

  it('gives an admin every user of the tenant, with name and role', async () => {
    const res = await t.get('/v1/users/allow/list?limit=200', { token: tenantAdmin });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(5);
    expect(res.json().list).toContainEqual({ id: agent.user.id, name: agent.user.nickname, role: 'agent' });
    const everyone = (await t.get('/v1/users/list?limit=200', { token: tenantAdmin })).json<{ list: User[] }>();
    expect((await ids(tenantAdmin)).sort()).toEqual(everyone.list.map((u) => u.id).sort());
  });

  it('gives an operator the agents (by role or flag) and themself, not other operators or the admin', async () => {
    expect((await ids(operator.token)).sort()).toEqual([operator.user.id, flaggedOperator.id, agent.user.id].sort());
    expect(await ids(operator.token)).not.toContain(otherOperator.id);
  });

  it('gives an agent only themself', async () => {
    const res = await t.get('/v1/users/allow/list', { token: agent.token });
    expect(res.json()).toEqual({ list: [{ id: agent.user.id, name: agent.user.nickname, role: 'agent' }], total: 1 });
  });

  it('pages, and answers 422 for a bad page', async () => {
    const page = await t.get('/v1/users/allow/list?limit=2&offset=4', { token: tenantAdmin });
    expect(page.json()).toMatchObject({ total: 5 });
    expect(page.json().list).toHaveLength(1);
    expect((await t.get('/v1/users/allow/list?offset=-1', { token: tenantAdmin })).statusCode).toBe(422);
  });
});
