import { beforeAll, describe, expect, it } from 'vitest';
import type { DeleteUserResponse, QaEvent, Robot, ShareSettings, User } from '@flotilla/shared/contracts';
import { useTestApp } from '../helper';

const t = useTestApp();
const en = { 'accept-language': 'en' };
let admin: string;
let me: User;

beforeAll(async () => {
  admin = await t.login();
  me = (await t.get('/v1/users/me', { token: admin })).json<User>();
});

/** A fresh user of the first tenant, logged in. */
const someone = (role: 'admin' | 'operator' | 'agent' = 'operator') => t.createUser(admin, role);

describe('PUT /v1/users/{id}', () => {
  it('changes the fields given and keeps the others; the new role counts from the next request', async () => {
    const { user, token } = await someone('agent');
    expect((await t.get('/v1/processes', { token })).statusCode).toBe(200);
    const res = await t.put(`/v1/users/${user.id}`, {
      token: admin,
      body: { nickname: 'Renamed', role: 'operator', isAgent: false, avatar: '/v2/upload/file/abc', phone: '138 0000' },
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      id: user.id,
      username: user.username,
      nickname: 'Renamed',
      role: 'operator',
      isAgent: false,
      avatar: '/v2/upload/file/abc',
      phone: '138 0000',
    };
    expect(res.json()).toMatchObject(expected);
    expect((await t.get(`/v1/users/list?keyword=${user.username}`, { token: admin })).json().list).toEqual([
      expect.objectContaining(expected),
    ]);
    // Agents may not create robots; an operator may, with the same token.
    expect((await t.post('/v1/processes', { token, body: { name: 'Mine' } })).statusCode).toBe(200);

    const nickOnly = await t.put(`/v1/users/${user.id}`, { token: admin, body: { nickname: 'Again' } });
    expect(nickOnly.json()).toMatchObject({ ...expected, nickname: 'Again' });
  });

  it('answers 422 for an empty body, a bad role, a long nickname, a bad phone or an avatar on another site', async () => {
    const { user } = await someone();
    for (const body of [
      {},
      { role: 'king' },
      { nickname: '' },
      { nickname: 'x'.repeat(65) },
      { phone: 'call me' },
      { avatar: 'https://evil.example/a.png' },
      { avatar: '//evil.example/a.png' },
      { isAgent: 'maybe' },
    ]) {
      const res = await t.put(`/v1/users/${user.id}`, { token: admin, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
  });

  it('refuses to take the admin role from the last active admin (409 LAST_ADMIN), allows it when another is left', async () => {
    const tenant = await t.createTenant(admin);
    const demoteSelf = () =>
      t.put(`/v1/users/${tenant.admin.id}`, { token: tenant.token, headers: en, body: { role: 'operator' } });
    const refused = await demoteSelf();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'LAST_ADMIN',
      message: 'The tenant must keep at least one active administrator',
    });

    // A frozen admin does not count.
    const frozen = await t.createUser(tenant.token, 'admin');
    expect((await t.get(`/v1/users/${frozen.user.id}/freeze`, { token: tenant.token })).statusCode).toBe(200);
    expect((await demoteSelf()).statusCode).toBe(409);

    await t.createUser(tenant.token, 'admin');
    const allowed = await demoteSelf();
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toMatchObject({ role: 'operator' });
    // Demoted: the same token is no admin's any more.
    expect((await t.get('/v1/users/list', { token: tenant.token })).statusCode).toBe(403);
  });

  it('never takes the admin role from the platform owner', async () => {
    await someone('admin');
    const res = await t.put(`/v1/users/${me.id}`, { token: admin, headers: en, body: { role: 'agent' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CONFLICT');
  });
});

describe('POST /v1/users/{id}/password', () => {
  it('sets the password and revokes the user’s tokens', async () => {
    const { user, token, password } = await someone();
    const res = await t.post(`/v1/users/${user.id}/password`, { token: admin, body: { password: 'brand-new-pass-1' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await t.get('/v1/users/me', { token })).statusCode).toBe(401);
    expect((await t.post('/v1/login', { body: { username: user.username, password } })).statusCode).not.toBe(200);
    await t.login(user.username, 'brand-new-pass-1');
  });

  it('lets no other admin take over the platform owner: their password and freeze are refused (409)', async () => {
    const other = await someone('admin');
    const reset = await t.post(`/v1/users/${me.id}/password`, {
      token: other.token,
      headers: en,
      body: { password: 'taken-over-pass-1' },
    });
    expect(reset.statusCode).toBe(409);
    expect(reset.json().message).toMatch(/platform owner/);
    const frozen = await t.get(`/v1/users/${me.id}/freeze`, { token: other.token });
    expect(frozen.statusCode).toBe(409);
    // The owner still signs in with their own password, and their session still works.
    expect(
      (await t.post('/v1/login', { body: { username: me.username, password: 'taken-over-pass-1' } })).statusCode,
    ).not.toBe(200);
    expect((await t.get('/v1/users/me', { token: admin })).statusCode).toBe(200);
  });

  it('answers 422 for a short or missing password', async () => {
    const { user } = await someone();
    for (const body of [{ password: 'short' }, {}, { password: 'x'.repeat(257) }])
      expect((await t.post(`/v1/users/${user.id}/password`, { token: admin, body })).statusCode).toBe(422);
  });
});

describe('DELETE /v1/users/{id}', () => {
  it('moves the user’s robots to the chosen user in the deletion; their shared robot still answers', async () => {
    const { user: leaving, token: leavingToken } = await someone();
    const { user: heir } = await someone();
    const robot = (await t.post('/v1/processes', { token: leavingToken, body: { name: 'Leaver bot' } })).json<Robot>();
    expect(robot.adminId).toBe(leaving.id);
    await t.put(`/v1/processes/${robot.processId}/basic`, {
      token: admin,
      body: { fallbackReply: 'Still here.', model: 'builtin' },
    });
    const share = (
      await t.put(`/v1/users/${robot.adminId}/processes/${robot.processId}/share/enable`, { token: leavingToken })
    ).json<ShareSettings>();
    await t.app.repos.credits.refund(me.tenantId, leaving.id, 7, 'seed-credit');

    const res = await t.del(`/v1/users/${leaving.id}?robotsTo=${heir.id}`, { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json<DeleteUserResponse>()).toEqual({ robotsTo: heir.id, robotsMoved: 1 });

    expect((await t.get(`/v1/processes/${robot.processId}`, { token: admin })).json<Robot>().adminId).toBe(heir.id);
    expect((await t.get('/v1/users/me', { token: leavingToken })).statusCode).toBe(401);
    expect((await t.get(`/v1/users/list?keyword=${leaving.username}`, { token: admin })).json().total).toBe(0);
    const ledger = await t.app.db
      .selectFrom('creditLedger')
      .select('userId')
      .where('userId', '=', leaving.id)
      .execute();
    const balance = await t.app.db
      .selectFrom('creditBalances')
      .select('userId')
      .where('userId', '=', leaving.id)
      .execute();
    expect([ledger, balance]).toEqual([[], []]);

    const answer = await t.post('/v2/qa', {
      body: { shareId: share.shareId, visitorId: '5d0c7a56-1f7e-4a53-9f0e-2c1a4b7c9d11', question: 'Hello?' },
    });
    expect(answer.statusCode).toBe(200);
    const events = answer.body
      .split('\n\n')
      .filter((block) => block.startsWith('data: '))
      .map((block) => JSON.parse(block.slice(6)) as QaEvent);
    expect(events.flatMap((e) => (e.type === 'delta' ? [e.text] : [])).join('')).toBe('Still here.');
    expect(events.at(-1)?.type).toBe('done');
  });

  it('gives the robots to the caller when no one is chosen', async () => {
    const { user, token } = await someone();
    const robot = (await t.post('/v1/processes', { token, body: { name: 'Orphan' } })).json<Robot>();
    const res = await t.del(`/v1/users/${user.id}`, { token: admin });
    expect(res.json<DeleteUserResponse>()).toEqual({ robotsTo: me.id, robotsMoved: 1 });
    expect((await t.get(`/v1/processes/${robot.processId}`, { token: admin })).json<Robot>().adminId).toBe(me.id);
  });

  it('refuses to delete oneself (409) or the platform owner (409), and a robotsTo of the deleted user (422)', async () => {
    const self = await t.del(`/v1/users/${me.id}`, { token: admin, headers: en });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ code: 'CANNOT_DELETE_SELF', message: 'You cannot delete your own account' });

    const other = await someone('admin');
    const owner = await t.del(`/v1/users/${me.id}`, { token: other.token });
    expect(owner.statusCode).toBe(409);
    expect(owner.json().code).toBe('CONFLICT');

    const { user } = await someone();
    const toSelf = await t.del(`/v1/users/${user.id}?robotsTo=${user.id}`, { token: admin });
    expect(toSelf.statusCode).toBe(422);
    expect(toSelf.json().detail[0].loc).toEqual(['query', 'robotsTo']);
    expect((await t.get(`/v1/users/list?keyword=${user.username}`, { token: admin })).json().total).toBe(1);
  });

  it('answers 404 for another tenant’s user, or a robotsTo of another tenant, and changes nothing', async () => {
    const tenant = await t.createTenant(admin);
    const { user, token } = await someone();
    const robot = (await t.post('/v1/processes', { token, body: { name: 'Stays' } })).json<Robot>();
    const theirs = await t.del(`/v1/users/${user.id}`, { token: tenant.token });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('USER_NOT_FOUND');
    const toThem = await t.del(`/v1/users/${user.id}?robotsTo=${tenant.admin.id}`, { token: admin });
    expect(toThem.statusCode).toBe(404);
    expect((await t.get(`/v1/processes/${robot.processId}`, { token: admin })).json<Robot>().adminId).toBe(user.id);
    expect((await t.get('/v1/users/me', { token })).statusCode).toBe(200);
  });
});

describe('roles and tenants', () => {
  it('answers 403 to operators and agents on every call', async () => {
    const { user } = await someone();
    for (const role of ['operator', 'agent'] as const) {
      const { token } = await someone(role);
      expect((await t.put(`/v1/users/${user.id}`, { token, body: { nickname: 'x' } })).statusCode).toBe(403);
      expect(
        (await t.post(`/v1/users/${user.id}/password`, { token, body: { password: 'long-enough-1' } })).statusCode,
      ).toBe(403);
      expect((await t.del(`/v1/users/${user.id}`, { token })).statusCode).toBe(403);
    }
    expect((await t.get(`/v1/users/list?keyword=${user.username}`, { token: admin })).json().list[0].nickname).toBe(
      user.nickname,
    );
  });

  it('answers 404 USER_NOT_FOUND for another tenant’s user on edit and password', async () => {
    const tenant = await t.createTenant(admin);
    const { user } = await someone();
    const edit = await t.put(`/v1/users/${user.id}`, { token: tenant.token, body: { nickname: 'Taken over' } });
    expect(edit.statusCode).toBe(404);
    expect(edit.json().code).toBe('USER_NOT_FOUND');
    const password = await t.post(`/v1/users/${user.id}/password`, {
      token: tenant.token,
      body: { password: 'taken-over-1' },
    });
    expect(password.statusCode).toBe(404);
    await t.login(user.username, 'user-password-1');
  });
});
