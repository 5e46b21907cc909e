import type { FastifyRequest } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@flotilla/shared/contracts';
import { useTestApp } from '../helper';
import { manualClock } from '../support/manual-clock';

const clock = manualClock();
const warnings: Array<Record<string, unknown>> = [];
const t = useTestApp({
  config: { clock, userCreatePerMinute: 3, userCreatePerDay: 5 },
  // The app logs nothing in tests: keep what creation routes warn about instead.
  configure: (app) =>
    app.addHook('onRequest', async (request: FastifyRequest) => {
      request.log.warn = ((object: Record<string, unknown>) =>
        void warnings.push(object)) as FastifyRequest['log']['warn'];
    }),
});
let admin: string;
let me: User;

beforeAll(async () => {
  admin = await t.login();
  me = (await t.get('/v1/users/me', { token: admin })).json<User>();
});

const create = (token: string, username: string) =>
  t.post('/v1/users', {
    token,
    headers: { 'accept-language': 'en-US' },
    body: { username, nickname: username, password: 'secret-pass-1', role: 'agent' },
  });

describe('POST /v1/users: a budget per admin, refusals on the record', () => {
  it('refuses past the minute with 429 RATE_LIMITED and Retry-After, counts taken usernames, and logs each refusal', async () => {
    expect((await create(admin, 'limit.one')).statusCode).toBe(200);
    const taken = await create(admin, 'admin');
    expect(taken.statusCode).toBe(409);
    expect(warnings).toContainEqual({
      adminId: me.id,
      tenantId: me.tenantId,
      username: 'admin',
      code: 'USERNAME_TAKEN',
    });

    clock.advance(20_000);
    expect((await create(admin, 'limit.two')).statusCode).toBe(200);
    const limited = await create(admin, 'limit.three');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('40');
    expect(limited.json()).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many requests, please try again later',
      retryAfter: 40,
    });
    expect(warnings).toContainEqual({
      adminId: me.id,
      tenantId: me.tenantId,
      username: 'limit.three',
      code: 'RATE_LIMITED',
    });
    expect((await t.get('/v1/users/list?keyword=limit.three', { token: admin })).json().total).toBe(0);

    // Another tenant's admin has a budget of their own.
    const other = await t.createTenant(admin);
    expect((await create(other.token, 'other.limit.one')).statusCode).toBe(200);

    clock.advance(40_000);
    expect((await create(admin, 'limit.three')).statusCode).toBe(200);
  });

  it('refuses past the day until the day is over', async () => {
    // Four of the day's five are spent above; the minute has room again.
    clock.advance(60_000);
    expect((await create(admin, 'day.one')).statusCode).toBe(200);
    const limited = await create(admin, 'day.two');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(23 * 60 * 60);

    clock.advance(24 * 60 * 60 * 1000);
    expect((await create(admin, 'day.two')).statusCode).toBe(200);
  });
});
