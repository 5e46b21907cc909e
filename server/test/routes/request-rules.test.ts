import { Type } from '@sinclair/typebox';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../helper';

/** What an outside probe broke, one case each (hostile-input.test.ts sends the same to every route). */

const t = useTestApp();
let owner: string;
let other: Awaited<ReturnType<typeof t.createTenant>>;

beforeAll(async () => {
  owner = await t.login();
  other = await t.createTenant(owner);
});

describe('undeclared fields', () => {
  it('creates a plain user when a tenant admin sends isPlatformOwner, as JSON or as a form', async () => {
    const json = await t.post('/v1/users', {
      token: other.token,
      body: {
        username: 'probe-json',
        nickname: 'p',
        password: 'user-password-1',
        role: 'admin',
        isPlatformOwner: true,
      },
    });
    const form = await t.post('/v1/users', {
      token: other.token,
      form: {
        username: 'probe-form',
        nickname: 'p',
        password: 'user-password-1',
        role: 'admin',
        isPlatformOwner: 'true',
      },
    });
    expect([json.statusCode, form.statusCode]).toEqual([200, 200]);
    for (const username of ['probe-json', 'probe-form']) {
      const token = await t.login(username, 'user-password-1');
      const res = await t.post('/v1/tenants', {
        token,
        body: { name: `by-${username}`, adminUsername: `${username}-x`, adminPassword: 'tenant-password-1' },
      });
      expect(res.statusCode).toBe(403);
    }
  });

  it('keeps a robot in its tenant when its update names another tenant, and ignores unknown keys', async () => {
    const robot = (await t.post('/v1/processes', { token: other.token, body: { name: 'mine' } })).json<{
      processId: string;
    }>();
    const ownerTenant = (await t.get('/v1/users/me', { token: owner })).json<{ tenantId: string }>().tenantId;
    const res = await t.put(`/v1/processes/${robot.processId}`, {
      token: other.token,
      body: {
        name: 'renamed',
        tenantId: ownerTenant,
        adminId: 'someone',
        createdAt: '2000-01-01T00:00:00.000Z',
        enabled: 0,
        noSuchColumn: 1,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ processId: robot.processId, name: 'renamed', enabled: true });
    expect(res.json().createdAt).not.toBe('2000-01-01T00:00:00.000Z');
    expect((await t.get(`/v1/processes/${robot.processId}`, { token: owner })).statusCode).toBe(404);
    expect((await t.get(`/v1/processes/${robot.processId}`, { token: other.token })).json().name).toBe('renamed');
  });

  it('answers an update of nothing but unknown keys with the catalogue unchanged', async () => {
    const dataset = (await t.post('/v1/datasets', { token: other.token, body: { name: 'docs' } })).json<{
      id: string;
    }>();
    const folder = (
      await t.post(`/v1/datasets/${dataset.id}/catalogues`, { token: other.token, body: { name: 'guides' } })
    ).json<{ id: string }>();
    const res = await t.put(`/v1/datasets/${dataset.id}/catalogues/${folder.id}`, {
      token: other.token,
      body: { colour: 'red' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: folder.id, name: 'guides' });
  });
});

describe('numbers', () => {
  it('refuses "Infinity" wherever a number is stored, and every list still reads afterwards', async () => {
    const robot = (await t.post('/v1/processes', { token: other.token, body: { name: 'numbers' } })).json<{
      processId: string;
      adminId: string;
    }>();
    const attempts = [
      t.put(`/v1/processes/${robot.processId}/basic`, { token: other.token, body: { temperature: 'Infinity' } }),
      t.put(`/v1/processes/${robot.processId}/basic`, { token: other.token, body: { historyLength: '1e999' } }),
      t.put(`/v1/users/${robot.adminId}/processes/${robot.processId}/share`, {
        token: other.token,
        body: { rateLimitPerMinute: 'Infinity' },
      }),
      t.post('/v1/datasets', { token: other.token, body: { name: 'inf', chunkSize: 'Infinity' } }),
      t.post('/v1/datasets', { token: other.token, body: { name: 'inf', overlap: '-Infinity' } }),
      t.post('/v1/users/recharge', { token: owner, body: { userId: other.admin.id, amount: 'Infinity' } }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().detail[0]).toMatchObject({ loc: expect.arrayContaining(['body']) });
    }
    expect((await t.get('/v1/datasets', { token: other.token })).statusCode).toBe(200);
    expect((await t.get(`/v1/processes/${robot.processId}/basic`, { token: other.token })).statusCode).toBe(200);
  });

  it('refuses paging beyond its bounds with 422, on staff lists and on the public chat list', async () => {
    for (const value of ['Infinity', '1e308', '99999999999999999999', '-1']) {
      for (const url of [
        `/v1/processes?offset=${value}`,
        `/v1/datasets?limit=${value}`,
        `/v1/tasks?offset=${value}`,
        `/v1/users/list?limit=${value}`,
      ]) {
        const res = await t.get(url, { token: other.token, headers: { 'accept-language': 'en-US' } });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(422);
      }
      const visitor = '0f0e0d0c-0b0a-4900-8800-000000000001';
      const anonymous = await t.get(`/v1/users/${visitor}/chat/session?shareId=none&offset=${value}`);
      expect(anonymous.statusCode, anonymous.body).toBe(422);
    }
    const res = await t.get('/v1/processes?offset=Infinity', {
      token: other.token,
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.json().detail[0]).toEqual({
      loc: ['query', 'offset'],
      msg: 'Must be a finite number',
      type: 'finite_number',
    });
  });
});

describe('bodies', () => {
  it('refuses a body nested ten thousand levels deep with 422', async () => {
    const deep = `{"name":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    const res = await t.post('/v1/processes', {
      token: other.token,
      headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
      body: deep,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ loc: ['body'], msg: 'The JSON is nested too deeply' });
  });

  it('keeps brackets inside strings out of the depth count', async () => {
    const res = await t.post('/v1/processes', {
      token: other.token,
      body: { name: 'brackets', description: '['.repeat(500) },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('route declarations', () => {
  it('refuses to start with a route whose input is unbounded', async () => {
    const attempt = createTestApp({
      configure: (app) => {
        app.post(
          '/v1/test/unbounded',
          {
            config: { auth: 'public' },
            schema: {
              body: Type.Object({
                note: Type.String(),
                count: Type.Integer({ minimum: 0 }),
                tags: Type.Array(Type.String({ maxLength: 9 })),
              }),
            },
          },
          async () => ({}),
        );
      },
    });
    await expect(attempt).rejects.toThrow(
      /note: a string needs maxLength; count: a number needs minimum and maximum; tags: an array needs maxItems/,
    );
  });
});
