import { Type } from '@sinclair/typebox';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assertFakesKeptContracts, fakeApi, on, refuse } from '../../../test';
import { endpoint, GetShare, UpdateShare, type ShareSettings } from '../../contracts';
import { request } from '../client';
import { HttpError } from '../http-error';

const settings: ShareSettings = {
  shareId: 's1',
  processId: 'p1',
  name: 'Helpdesk',
  icon: '',
  welcome: '',
  suggestedQuestions: [],
  themeColor: '#165DFF',
  enabled: true,
  allowedOrigins: [],
  rateLimitPerMinute: 60,
  expiresAt: null,
};

const ListThings = endpoint({
  method: 'GET',
  path: '/v1/things',
  query: Type.Object({
    offset: Type.Integer({ minimum: 0, default: 0 }),
    limit: Type.Integer({ minimum: 1, maximum: 50, default: 20 }),
  }),
  response: Type.Object({ total: Type.Integer() }),
});
const GetThing = endpoint({
  method: 'GET',
  path: '/v1/things/{id}',
  params: Type.Object({ id: Type.String() }),
  response: Type.Object({ id: Type.String() }),
});
const GetAllThings = endpoint({
  method: 'GET',
  path: '/v1/things/all',
  response: Type.Object({ all: Type.Boolean() }),
});

describe('fakeApi: a fake server made of endpoint descriptors', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers a call through its descriptor, with its params decoded and its body as sent', async () => {
    const seen: unknown[] = [];
    fakeApi([on(UpdateShare, ({ params, body }) => (seen.push(params, body), { ...settings, ...body }))]);
    const answer = await request(UpdateShare, {
      params: { adminId: 'u 1', processId: 'p1' },
      body: { themeColor: '#000000' },
    });
    expect(answer.themeColor).toBe('#000000');
    expect(seen).toEqual([{ adminId: 'u 1', processId: 'p1' }, { themeColor: '#000000' }]);
  });

  it('fails the test when a fake answers a body its contract does not allow', async () => {
    fakeApi([on(GetShare, () => ({ ...settings, themeColor: undefined }) as unknown as ShareSettings)]);
    await request(GetShare, { params: { adminId: 'u1', processId: 'p1' } });
    expect(() => assertFakesKeptContracts()).toThrow(
      /GET \/v1\/users\/u1\/processes\/p1\/share: the answer does not fit .*themeColor/,
    );
  });

  it('answers 422 like the server when the client sends what the schema refuses, and coerces the query', async () => {
    const limits: number[] = [];
    fakeApi([on(ListThings, ({ query }) => (limits.push(query.limit), { total: 0 }))]);
    await request(ListThings, { query: { offset: 0, limit: 5 } });
    expect(limits).toEqual([5]);
    const refused = request(ListThings, { query: { offset: 0, limit: 500 }, silent: true });
    await expect(refused).rejects.toMatchObject({ status: 422 });
    expect(limits).toEqual([5]);
  });

  it('prefers a static path to a parameter, as the router does', async () => {
    fakeApi([on(GetThing, ({ params }) => ({ id: params.id })), on(GetAllThings, () => ({ all: true }))]);
    expect(await request(GetAllThings)).toEqual({ all: true });
    expect(await request(GetThing, { params: { id: 'a/b' } })).toEqual({ id: 'a/b' });
  });

  it('answers refusals in the server shape and 404 for what no route answers', async () => {
    fakeApi([on(GetThing, () => refuse(404, 'THING_NOT_FOUND', 'No such thing'))]);
    await expect(request(GetThing, { params: { id: 'x' }, silent: true })).rejects.toMatchObject({
      status: 404,
      code: 'THING_NOT_FOUND',
      message: 'No such thing',
    });
    const unknown = await request(ListThings, { query: { offset: 0, limit: 1 }, silent: true }).catch(
      (error: unknown) => error,
    );
    expect(unknown).toBeInstanceOf(HttpError);
    expect(unknown).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});
