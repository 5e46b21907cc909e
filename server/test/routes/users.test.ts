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
