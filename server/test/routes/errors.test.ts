import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helper';

const t = useTestApp({
  configure: (app) => {
    // A route that fails the way a bug would, to see what the client is told.
    app.get('/v1/test/boom', { config: { auth: 'public' } }, async () => {
      throw new Error('secret table name in a stack trace');
    });
  },
});
let admin: string;

beforeAll(async () => {
  admin = await t.login();
});

describe('error answers', () => {
  it('answers 422 json_invalid for a malformed JSON body, never 500', async () => {
    const res = await t.post('/v1/processes', {
      token: admin,
      headers: { 'content-type': 'application/json' },
      body: '{"name": "x",',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: [{ loc: ['body'], msg: expect.any(String), type: 'json_invalid' }] });
  });

  it('answers 422 for a missing body', async () => {
    const res = await t.post('/v1/processes', { token: admin });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toEqual(['body']);
  });

  it('answers 415 with a code for an unsupported content type', async () => {
    const res = await t.post('/v1/processes', {
      token: admin,
      headers: { 'content-type': 'application/xml', 'accept-language': 'en' },
      body: '<robot/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ code: 'BAD_REQUEST', message: 'Unsupported content type' });
  });

  it('answers 413 with a code for a body that is too large', async () => {
    const res = await t.post('/v1/processes', {
      token: admin,
      body: { name: 'x', description: 'y'.repeat(2 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('BAD_REQUEST');
  });

  it('answers 404 NOT_FOUND for an unknown route, in JSON even when a browser asks', async () => {
    for (const headers of [{}, { accept: 'text/html' }] as Array<Record<string, string>>) {
      const res = await t.get('/v1/no-such-call', { headers: { ...headers, 'accept-language': 'en-US' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    }
    expect((await t.post('/v1/no-such-call')).statusCode).toBe(404);
  });

  it('checks the login before the input: 401 for a bad body without a token', async () => {
    const res = await t.post('/v1/processes', { body: {} });
    expect(res.statusCode).toBe(401);
  });

  it('answers 403 FORBIDDEN with a message for a wrong role', async () => {
    const { token } = await t.createUser(admin, 'agent');
    const res = await t.post('/v1/datasets', { token, body: { name: 'x' }, headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'FORBIDDEN', message: 'You are not allowed to do this' });
  });

  it('hides the details of an unexpected error behind 500 INTERNAL', async () => {
    const res = await t.get('/v1/test/boom', { headers: { 'accept-language': 'zh-CN' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL', message: '服务器内部错误' });
    expect(res.body).not.toContain('secret');
  });

  it('gives 422 messages in the request’s language', async () => {
    const zh = await t.post('/v1/login', { body: { username: 'admin' } });
    const en = await t.post('/v1/login', {
      body: { username: 'admin' },
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(zh.json().detail[0].msg).toBe('必填字段');
    expect(en.json().detail[0].msg).toBe('Field required');
  });
});
