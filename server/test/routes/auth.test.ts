import { describe, expect, it } from 'vitest';
import { ADMIN, useTestApp } from '../helper';

const t = useTestApp();

describe('POST /v1/login', () => {
  it('logs in with a JSON body and answers a token and the user', async () => {
    const res = await t.post('/v1/login', { body: ADMIN });
    expect(res.statusCode).toBe(200);
    const { token, user } = res.json();
    expect(token).toEqual(expect.any(String));
    expect(user).toMatchObject({ username: 'admin', role: 'admin', ban: false, isAgent: false, permissions: [] });
    expect(user).not.toHaveProperty('passwordHash');
  });

  it('logs in with a url-encoded form', async () => {
    const res = await t.post('/v1/login', { form: ADMIN });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.username).toBe('admin');
  });

  it('refuses a wrong password with 401 and isLogin false (no forced-logout modal)', async () => {
    const res = await t.post('/v1/login', {
      body: { username: 'admin', password: 'wrong' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'LOGIN_FAILED', message: 'Wrong username or password', isLogin: false });
  });

  it('refuses an unknown username the same way', async () => {
    const res = await t.post('/v1/login', { body: { username: 'nobody', password: 'whatever' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'LOGIN_FAILED', isLogin: false });
  });

  it('answers in Chinese by default and for zh Accept-Language', async () => {
    const plain = await t.post('/v1/login', { body: { username: 'nobody', password: 'x' } });
    const zh = await t.post('/v1/login', {
      body: { username: 'nobody', password: 'x' },
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    expect(plain.json().message).toBe('用户名或密码错误');
    expect(zh.json().message).toBe('用户名或密码错误');
  });

  it('says which field is missing with 422', async () => {
    const res = await t.post('/v1/login', { body: { username: 'admin' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'password'], type: 'missing' });
  });
});

describe('tokens', () => {
  it('answers 401 UNAUTHENTICATED without isLogin when the token is missing or unknown', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const res = await t.get('/v1/users/me', { token });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
      expect(res.json()).not.toHaveProperty('isLogin');
    }
  });

  it('GET /v1/users/me answers the logged-in user', async () => {
    const res = await t.get('/v1/users/me', { token: await t.login() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'admin', role: 'admin' });
  });

  it('revokes the token on logout; other sessions go on', async () => {
    const token = await t.login();
    const other = await t.login();
    expect((await t.post('/v1/logout', { token })).json()).toEqual({ ok: true });
    expect((await t.get('/v1/users/me', { token })).statusCode).toBe(401);
    expect((await t.get('/v1/users/me', { token: other })).statusCode).toBe(200);
  });
});

describe('POST /api/user/menu', () => {
  const keys = async (token: string) => {
    const res = await t.post('/api/user/menu', { token });
    expect(res.statusCode).toBe(200);
    return (res.json() as Array<{ key: string }>).map((item) => item.key);
  };

  it('gives the admin the whole menu, sorted by order', async () => {
    const res = await t.post('/api/user/menu', { token: await t.login() });
    const menu = res.json();
    expect(menu.map((m: { key: string }) => m.key)).toEqual([
      'robot',
      'dashboard',
      'dataset',
      'database',
      'case',
      'employee',
      'task',
      'recharge',
      'distribution',
    ]);
    expect(menu[0]).toEqual({
      key: 'robot',
      title: { 'zh-CN': '机器人', 'en-US': 'Robots' },
      path: '/robot',
      icon: expect.any(String),
      order: -1,
      hidden: false,
      children: [],
    });
  });

  it('gives operators everything but Employees', async () => {
    const { token } = await t.createUser(await t.login(), 'operator');
    expect(await keys(token)).toEqual([
      'robot',
      'dashboard',
      'dataset',
      'database',
      'case',
      'task',
      'recharge',
      'distribution',
    ]);
  });

  it('gives agents Robots, Cases and Tasks', async () => {
    const { token } = await t.createUser(await t.login(), 'agent');
    expect(await keys(token)).toEqual(['robot', 'case', 'task']);
  });

  it('accepts a JSON content type with an empty body', async () => {
    const res = await t.post('/api/user/menu', {
      token: await t.login(),
      headers: { 'content-type': 'application/json' },
      body: '',
    });
    expect(res.statusCode).toBe(200);
  });

  it('needs a login', async () => {
    expect((await t.post('/api/user/menu')).statusCode).toBe(401);
  });
});
