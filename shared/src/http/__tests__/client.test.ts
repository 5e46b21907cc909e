import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forbidden, forcedLogout, loggedIn, loggedOut } from '../../auth/auth.model';
import { Type } from '@sinclair/typebox';
import { endpoint, type User } from '../../contracts';
import { configureHttp, request, requestFailed, type RequestFailure } from '../client';
import { HttpError } from '../http-error';

function answer(status: number, body: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const user = { id: 'u1', role: 'admin' } as User;

// Calls as loose as these tests need: the client's behaviour does not depend on the call.
const ListThings = endpoint({
  method: 'GET',
  path: '/v1/processes',
  query: Type.Object({ offset: Type.Integer(), limit: Type.Integer(), keyword: Type.Optional(Type.String()) }),
  response: Type.Object({ total: Type.Integer() }),
});
const CreateByForm = endpoint({
  method: 'POST',
  path: '/v1/users',
  body: Type.Object({ username: Type.Optional(Type.String()), isAgent: Type.Optional(Type.Boolean()) }),
  bodyAs: 'form',
  response: Type.Unknown(),
});
const AnyGet = endpoint({ method: 'GET', path: '/any', response: Type.Unknown() });
const AnyPost = endpoint({ method: 'POST', path: '/any', body: Type.Object({}), response: Type.Unknown() });

describe('http client', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const seen = { forced: [] as string[], forbidden: [] as string[], failed: [] as RequestFailure[] };
  const unwatch: Array<() => void> = [];

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    configureHttp({ baseUrl: 'http://api.test', timeoutMs: 200000 });
    seen.forced = [];
    seen.forbidden = [];
    seen.failed = [];
    unwatch.push(forcedLogout.watch((m) => seen.forced.push(m)).unsubscribe);
    unwatch.push(forbidden.watch((m) => seen.forbidden.push(m)).unsubscribe);
    unwatch.push(requestFailed.watch((f) => seen.failed.push(f)).unsubscribe);
    loggedIn({ user, token: 'secret-token' });
  });
  afterEach(() => {
    unwatch.splice(0).forEach((u) => u());
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    loggedOut('user');
  });

  it('sends the bearer token, the language and the query, and unwraps the body', async () => {
    fetchMock.mockResolvedValue(answer(200, { list: [1], total: 1 }));
    const result = await request(ListThings, { query: { offset: 0, limit: 20, keyword: '' } });
    expect(result.total).toBe(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('http://api.test/v1/processes?offset=0&limit=20');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer secret-token');
    expect((init?.headers as Record<string, string>)['Accept-Language']).toBe('zh-CN');
  });

  it('sends form calls url-encoded', async () => {
    fetchMock.mockResolvedValue(answer(200, { ok: true }));
    await request(CreateByForm, { body: { username: 'amy', isAgent: true } });
    const init = fetchMock.mock.calls[0][1]!;
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(String(init.body)).toBe('username=amy&isAgent=true');
  });

  it('401 without isLogin asks for the forced-logout modal and rejects', async () => {
    fetchMock.mockResolvedValue(answer(401, { code: 'UNAUTHENTICATED', message: 'Token expired' }));
    await expect(request(AnyGet)).rejects.toMatchObject({ status: 401 });
    expect(seen.forced).toEqual(['Token expired']);
  });

  it('401 with isLogin (a failed login) is left to the caller', async () => {
    fetchMock.mockResolvedValue(answer(401, { code: 'LOGIN_FAILED', message: 'Wrong password', isLogin: false }));
    await expect(request(AnyPost, { body: {} })).rejects.toMatchObject({ message: 'Wrong password' });
    expect(seen.forced).toEqual([]);
    expect(seen.failed).toEqual([]);
  });

  it('inline calls leave their 4xx refusals to the page, but still report 401, 403 and 5xx', async () => {
    for (const status of [400, 409, 422, 429]) {
      fetchMock.mockResolvedValueOnce(answer(status, { code: 'X', message: `refused ${status}` }));
      await expect(request(AnyPost, { body: {}, inline: true })).rejects.toMatchObject({
        status,
        message: `refused ${status}`,
      });
    }
    expect(seen.failed).toEqual([]);
    fetchMock.mockResolvedValueOnce(answer(500, { code: 'INTERNAL', message: 'Server broke' }));
    await expect(request(AnyPost, { body: {}, inline: true })).rejects.toMatchObject({ status: 500 });
    fetchMock.mockResolvedValueOnce(answer(403, { code: 'FORBIDDEN', message: 'Admins only' }));
    await expect(request(AnyPost, { body: {}, inline: true })).rejects.toMatchObject({ status: 403 });
    fetchMock.mockResolvedValueOnce(answer(401, { code: 'UNAUTHENTICATED', message: 'Token expired' }));
    await expect(request(AnyPost, { body: {}, inline: true })).rejects.toMatchObject({ status: 401 });
    expect(seen.failed).toEqual([{ status: 500, code: 'INTERNAL', message: 'Server broke' }]);
    expect(seen.forbidden).toEqual(['Admins only']);
    expect(seen.forced).toEqual(['Token expired']);
  });

  it('403 reports Forbidden with the server message', async () => {
    fetchMock.mockResolvedValue(answer(403, { code: 'FORBIDDEN', message: 'Admins only' }));
    await expect(request(AnyGet)).rejects.toBeInstanceOf(HttpError);
    expect(seen.forbidden).toEqual(['Admins only']);
  });

  it('400 and 500 report the server message, except import failures and database errors', async () => {
    fetchMock.mockResolvedValueOnce(answer(400, { code: 'BAD_REQUEST', message: 'Bad thing' }));
    await expect(request(AnyGet)).rejects.toThrow('Bad thing');
    fetchMock.mockResolvedValueOnce(answer(500, { code: 'INTERNAL', message: 'Server broke' }));
    await expect(request(AnyGet)).rejects.toThrow('Server broke');
    fetchMock.mockResolvedValueOnce(answer(400, { code: 'IMPORT_FAILED', message: 'Row 3 bad' }));
    await expect(request(AnyGet)).rejects.toThrow('Row 3 bad');
    fetchMock.mockResolvedValueOnce(answer(400, { code: 'DATABASE_ERROR', message: 'SQL error' }));
    await expect(request(AnyGet)).rejects.toThrow('SQL error');
    expect(seen.failed).toEqual([
      { status: 400, code: 'BAD_REQUEST', message: 'Bad thing' },
      { status: 500, code: 'INTERNAL', message: 'Server broke' },
    ]);
  });

  it('422 reports the first detail message', async () => {
    fetchMock.mockResolvedValue(
      answer(422, {
        detail: [
          { loc: ['body', 'name'], msg: 'name is required', type: 'missing' },
          { loc: [], msg: 'second', type: 'x' },
        ],
      }),
    );
    await expect(request(AnyPost, { body: {} })).rejects.toMatchObject({ status: 422, message: 'name is required' });
    expect(seen.failed).toEqual([{ status: 422, code: 'HTTP_422', message: 'name is required' }]);
  });

  it('404 and 409 are left to the page (a not-found state, a taken name), 429 gets a notice', async () => {
    fetchMock.mockResolvedValueOnce(answer(404, { code: 'ROBOT_NOT_FOUND', message: 'No such robot' }));
    await expect(request(AnyGet)).rejects.toMatchObject({ status: 404, code: 'ROBOT_NOT_FOUND' });
    fetchMock.mockResolvedValueOnce(answer(409, { code: 'USERNAME_TAKEN', message: 'Taken' }));
    await expect(request(CreateByForm, { body: {} })).rejects.toMatchObject({ status: 409 });
    fetchMock.mockResolvedValueOnce(answer(429, { code: 'RATE_LIMITED', message: 'Slow down' }));
    await expect(request(AnyGet)).rejects.toMatchObject({ status: 429 });
    expect(seen.failed).toEqual([{ status: 429, code: 'RATE_LIMITED', message: 'Slow down' }]);
  });

  it('a silent call reports nothing but still rejects', async () => {
    fetchMock.mockResolvedValue(answer(500, { code: 'INTERNAL', message: 'x' }));
    await expect(request(AnyGet, { silent: true })).rejects.toBeInstanceOf(HttpError);
    expect(seen.failed).toEqual([]);
  });

  it('times out with a rejected request and a notice', async () => {
    configureHttp({ timeoutMs: 20 });
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_, reject) => init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason))),
    );
    await expect(request(AnyGet)).rejects.toMatchObject({ status: 0, code: 'TIMEOUT' });
    expect(seen.failed).toEqual([{ status: 0, code: 'TIMEOUT', message: 'Request timed out' }]);
  });

  it('has the product timeout of 200000 ms by default', async () => {
    const { LIMITS } = await import('../../contracts');
    expect(LIMITS.requestTimeoutMs).toBe(200000);
  });
});
