import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE } from '../../src/lib/login-throttle';
import { useTestApp } from '../helper';
import { manualClock } from '../support/manual-clock';

const clock = manualClock();
const t = useTestApp({ config: { clock } });
let admin: string;

beforeAll(async () => {
  admin = await t.login();
});

const login = (address: string, username: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/login',
    remoteAddress: address,
    headers: { 'accept-language': 'en-US' },
    payload: { username, password },
  });

/** Fails `times` logins as an attacker who waits out each backoff (the clock moves, the test does not). */
async function failPatiently(address: string, username: string, times: number): Promise<void> {
  for (let failed = 0; failed < times;) {
    const res = await login(address, username, 'wrong-password');
    if (res.statusCode === 429) clock.advance(Number(res.headers['retry-after']) * 1000);
    else {
      expect(res.statusCode).toBe(401);
      failed += 1;
    }
  }
}

const retryAfter = (res: LightMyRequestResponse) => Number(res.headers['retry-after']);

describe('login backoff per username and address', () => {
  it('lets the first failures through, then makes that address wait longer and longer, with Retry-After', async () => {
    const { user } = await t.createUser(admin, 'operator');
    for (let i = 0; i < LOGIN_THROTTLE.freeFailures + 1; i++)
      expect((await login('10.10.0.1', user.username, 'wrong')).statusCode).toBe(401);

    const first = await login('10.10.0.1', user.username, 'wrong');
    expect(first.statusCode).toBe(429);
    expect(retryAfter(first)).toBe(1);
    expect(first.json()).toEqual({
      code: 'LOGIN_THROTTLED',
      message: 'Too many failed logins, please try again later',
      isLogin: false,
      retryAfter: 1,
    });

    clock.advance(1000);
    expect((await login('10.10.0.1', user.username, 'wrong')).statusCode).toBe(401);
    const second = await login('10.10.0.1', user.username, 'wrong');
    expect(retryAfter(second)).toBe(2);
    expect(second.json().retryAfter).toBe(2);

    clock.advance(2000);
    expect((await login('10.10.0.1', user.username, 'wrong')).statusCode).toBe(401);
    expect(retryAfter(await login('10.10.0.1', user.username, 'wrong'))).toBe(4);
  });

  it('counts an IPv6 client by its /64, so a fresh address in it does not start the backoff over', async () => {
    const { user } = await t.createUser(admin, 'operator');
    const address = (n: number) => `2001:db8:77:1::${n.toString(16)}`;
    for (let i = 0; i < LOGIN_THROTTLE.freeFailures + 1; i++)
      expect((await login(address(i + 1), user.username, 'wrong')).statusCode).toBe(401);
    expect((await login(address(100), user.username, 'wrong')).statusCode).toBe(429);
    // Another network is not held back.
    expect((await login('2001:db8:78:1::1', user.username, 'wrong')).statusCode).toBe(401);
  });

  it('caps the wait at a minute', async () => {
    const { user } = await t.createUser(admin, 'operator');
    await failPatiently('10.11.0.1', user.username, 14);
    const res = await login('10.11.0.1', user.username, 'wrong');
    expect(res.statusCode).toBe(429);
    expect(retryAfter(res)).toBe(60);
  });

  it('answers in Chinese by default', async () => {
    const { user } = await t.createUser(admin, 'operator');
    await failPatiently('10.12.0.1', user.username, LOGIN_THROTTLE.freeFailures + 1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/login',
      remoteAddress: '10.12.0.1',
      payload: { username: user.username, password: 'wrong' },
    });
    expect(res.json()).toMatchObject({
      code: 'LOGIN_THROTTLED',
      message: '登录失败次数过多，请稍后再试',
      isLogin: false,
    });
  });

  it('holds parallel guesses to the same few as one after another', async () => {
    const { user } = await t.createUser(admin, 'operator');
    const answers = await Promise.all(Array.from({ length: 10 }, () => login('10.13.0.1', user.username, 'wrong')));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_THROTTLE.freeFailures + 1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10 - LOGIN_THROTTLE.freeFailures - 1);
  });

  it('starts over after a success', async () => {
    const { user, password } = await t.createUser(admin, 'operator');
    await failPatiently('10.14.0.1', user.username, 6);
    const waiting = await login('10.14.0.1', user.username, password);
    expect(waiting.statusCode).toBe(429);

    clock.advance(retryAfter(waiting) * 1000);
    expect((await login('10.14.0.1', user.username, password)).statusCode).toBe(200);
    // The free failures again, and only then a wait.
    for (let i = 0; i < LOGIN_THROTTLE.freeFailures + 1; i++)
      expect((await login('10.14.0.1', user.username, 'wrong')).statusCode).toBe(401);
    expect(retryAfter(await login('10.14.0.1', user.username, 'wrong'))).toBe(1);
  });
});

describe('the owner is never locked out', () => {
  it('logs the owner in from another address after 50 failures from an attacker address', async () => {
    const { user, password } = await t.createUser(admin, 'operator');
    await failPatiently('203.0.113.66', user.username, 50);
    expect((await login('203.0.113.66', user.username, password)).statusCode).toBe(429);

    const owner = await login('198.51.100.7', user.username, password);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user.username).toBe(user.username);
  });

  it('only slows a username attacked from many addresses a little, and still logs its owner in', async () => {
    const { user, password } = await t.createUser(admin, 'operator');
    for (let i = 0; i < 40; i++) expect((await login(`192.0.2.${i}`, user.username, 'wrong')).statusCode).toBe(401);

    clock.slept.length = 0;
    const owner = await login('198.51.100.8', user.username, password);
    expect(owner.statusCode).toBe(200);
    // The answer was held before the password check, and no longer than the cap.
    expect(clock.slept).toEqual([LOGIN_THROTTLE.usernameSlowdownMaxMs]);
  });
});

describe('many failures from one address (an office behind one NAT)', () => {
  it('holds further failures from that address, yet a colleague with the right password logs in at once', async () => {
    const colleague = await t.createUser(admin, 'agent');
    for (let i = 0; i < LOGIN_THROTTLE.addressCeiling + 5; i++) {
      expect((await login('172.16.5.5', `someone-${i}`, 'wrong')).statusCode).toBe(401);
    }

    clock.slept.length = 0;
    const failure = await login('172.16.5.5', 'someone-else', 'wrong');
    expect(failure.statusCode).toBe(401);
    expect(clock.slept).toEqual([6 * LOGIN_THROTTLE.addressDelayStepMs]);

    clock.slept.length = 0;
    const res = await login('172.16.5.5', colleague.user.username, colleague.password);
    expect(res.statusCode).toBe(200);
    expect(clock.slept).toEqual([]);
  });
});
