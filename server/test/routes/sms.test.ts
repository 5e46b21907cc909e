import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SMS_LIMITS, type SmsOutboxResponse, type User } from '@flotilla/shared/contracts';
import { createTestApp, useTestApp } from '../helper';
import { startLocalSite, type LocalSite } from '../support/local-site';
import { manualClock } from '../support/manual-clock';

const clock = manualClock();
const t = useTestApp({ config: { clock } });
const HOUR_MS = 60 * 60 * 1000;

let admin: string;
let other: Awaited<ReturnType<typeof t.createTenant>>;

beforeAll(async () => {
  admin = await t.login();
  other = await t.createTenant(admin);
});
// A fresh hour for every test: the address window and each phone's resend wait start over.
beforeEach(() => clock.advance(HOUR_MS));

let serial = 0;
/** A Chinese mobile number no other test uses. */
const newPhone = () => `139${String(Date.now() % 1e4).padStart(4, '0')}${String(serial++).padStart(4, '0')}`;

/** A user of the tenant of `adminToken` with the phone as given. */
async function userWithPhone(phone: string, adminToken = admin) {
  const username = `sms-${randomBytes(3).toString('hex')}`;
  const password = 'user-password-1';
  const res = await t.post('/v1/users', {
    token: adminToken,
    body: { username, nickname: username, password, role: 'operator', phone },
  });
  expect(res.statusCode).toBe(200);
  return { user: res.json<User>(), username, password };
}

const send = (phone: string, purpose?: string, headers?: Record<string, string>) =>
  t.post('/v1/sms/send', { body: { phone, ...(purpose ? { purpose } : {}) }, headers });
const valid = (phone: string, code: string) => t.post('/v1/sms/valid', { form: { phone, code } });
const outbox = async (token = admin) => (await t.get('/v1/sms/outbox?limit=200', { token })).json<SmsOutboxResponse>();
/** The code of the newest outbox message to the phone (as the tenant's admin reads it). */
async function codeSentTo(phone: string, token = admin): Promise<string> {
  const message = (await outbox(token)).list.find((entry) => entry.phone === phone.replace(/[ -]/g, ''));
  const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
  if (!code) throw new Error(`no code was sent to ${phone}`);
  return code;
}
const otherCode = (code: string) => String((Number(code) + 1) % 1e6).padStart(6, '0');

describe('logging in with an SMS code', () => {
  it('sends a code to a user’s phone, which logs them in as the form login does', async () => {
    const phone = newPhone();
    const { user } = await userWithPhone(phone);
    const res = await send(phone, undefined, { 'accept-language': 'en-US' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      expiresInSeconds: SMS_LIMITS.lifetimeSeconds,
      resendInSeconds: SMS_LIMITS.resendSeconds,
    });
    const [message] = (await outbox()).list;
    expect(message).toMatchObject({ phone });
    expect(message!.text).toMatch(/^Your Flotilla login code is \d{6}\. It expires in 5 minutes\.$/);

    const login = await valid(phone, await codeSentTo(phone));
    expect(login.statusCode).toBe(200);
    const { token, user: loggedIn } = login.json<{ token: string; user: User }>();
    expect(loggedIn.id).toBe(user.id);
    expect((await t.get('/v1/users/me', { token })).json<User>().id).toBe(user.id);
  });

  it('finds the user whatever way the phone is written', async () => {
    const phone = newPhone();
    const { user } = await userWithPhone(`${phone.slice(0, 3)} ${phone.slice(3, 7)}-${phone.slice(7)}`);
    expect((await send(`+86 ${phone}`)).statusCode).toBe(200);
    const login = await valid(`0086${phone}`, await codeSentTo(`+86${phone}`));
    expect(login.statusCode).toBe(200);
    expect(login.json<{ user: User }>().user.id).toBe(user.id);
  });

  it('burns a code at the fifth wrong try', async () => {
    const phone = newPhone();
    await userWithPhone(phone);
    await send(phone);
    const code = await codeSentTo(phone);
    for (let i = 0; i < SMS_LIMITS.maxTries; i += 1) {
      const wrong = await valid(phone, otherCode(code));
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ code: 'SMS_CODE_INVALID', isLogin: false });
    }
    expect((await valid(phone, code)).json()).toMatchObject({ code: 'SMS_CODE_INVALID', isLogin: false });
  });

  it('takes four wrong tries and still logs in with the right code', async () => {
    const phone = newPhone();
    await userWithPhone(phone);
    await send(phone);
    const code = await codeSentTo(phone);
    for (let i = 1; i < SMS_LIMITS.maxTries; i += 1) expect((await valid(phone, otherCode(code))).statusCode).toBe(401);
    expect((await valid(phone, code)).statusCode).toBe(200);
  });

  it('refuses a code used once, even by two requests at the same time', async () => {
    const phone = newPhone();
    await userWithPhone(phone);
    await send(phone);
    const code = await codeSentTo(phone);
    const answers = await Promise.all([valid(phone, code), valid(phone, code)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 401]);
    expect((await valid(phone, code)).json()).toMatchObject({ code: 'SMS_CODE_INVALID', isLogin: false });
  });

  it('refuses a code past its life', async () => {
    const phone = newPhone();
    await userWithPhone(phone);
    await send(phone);
    const code = await codeSentTo(phone);
    clock.advance(SMS_LIMITS.lifetimeSeconds * 1000 + 1);
    expect((await valid(phone, code)).json()).toMatchObject({ code: 'SMS_CODE_INVALID' });
  });

  it('only takes the latest code sent', async () => {
    const phone = newPhone();
    await userWithPhone(phone);
    await send(phone);
    const first = await codeSentTo(phone);
    clock.advance(SMS_LIMITS.resendSeconds * 1000);
    await send(phone);
    const second = await codeSentTo(phone);
    if (first !== second) expect((await valid(phone, first)).statusCode).toBe(401);
    expect((await valid(phone, second)).statusCode).toBe(200);
  });

  it('answers a phone of no user the same, and sends nothing', async () => {
    const before = (await outbox()).total;
    const res = await send(newPhone());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      expiresInSeconds: SMS_LIMITS.lifetimeSeconds,
      resendInSeconds: SMS_LIMITS.resendSeconds,
    });
    expect((await outbox()).total).toBe(before);
  });

  it('sends nothing to a frozen user, and refuses one frozen after the code was sent like the form login', async () => {
    const frozen = newPhone();
    const { user } = await userWithPhone(frozen);
    expect((await t.get(`/v1/users/${user.id}/freeze`, { token: admin })).statusCode).toBe(200);
    const before = (await outbox()).total;
    expect((await send(frozen)).statusCode).toBe(200);
    expect((await outbox()).total).toBe(before);

    const later = newPhone();
    const { user: laterUser } = await userWithPhone(later);
    await send(later);
    const code = await codeSentTo(later);
    await t.get(`/v1/users/${laterUser.id}/freeze`, { token: admin });
    const res = await valid(later, code);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'USER_FROZEN', isLogin: false });
  });

  it('sends to a phone of users in two tenants, whose code then asks for the password', async () => {
    const phone = newPhone();
    await userWithPhone(phone);
    await userWithPhone(phone, other.token);
    await send(phone);
    const code = await codeSentTo(phone);
    expect(await codeSentTo(phone, other.token)).toBe(code);
    const res = await valid(phone, code);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'SMS_PHONE_SHARED', isLogin: false });
  });
});

describe('throttling sends', () => {
  it('lets a phone have one code a minute, with Retry-After', async () => {
    const phone = newPhone();
    expect((await send(phone)).statusCode).toBe(200);
    clock.advance(20_000);
    const again = await send(phone);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'SMS_THROTTLED', retryAfter: 40 });
    expect(again.headers['retry-after']).toBe('40');
    clock.advance(40_000);
    expect((await send(phone)).statusCode).toBe(200);
  });

  it('lets a phone have ten codes a day', async () => {
    const phone = newPhone();
    for (let i = 0; i < SMS_LIMITS.sendsPerPhonePerDay; i += 1) {
      expect((await send(phone)).statusCode).toBe(200);
      clock.advance(SMS_LIMITS.resendSeconds * 1000);
    }
    const refused = await send(phone);
    expect(refused.statusCode).toBe(429);
    const waitSeconds = 24 * 3600 - SMS_LIMITS.sendsPerPhonePerDay * SMS_LIMITS.resendSeconds;
    expect(refused.headers['retry-after']).toBe(String(waitSeconds));
    clock.advance(waitSeconds * 1000);
    expect((await send(phone)).statusCode).toBe(200);
  });

  it('lets one address ask for 30 codes an hour, whatever the phones', async () => {
    for (let i = 0; i < SMS_LIMITS.sendsPerAddressPerHour; i += 1)
      expect((await send(newPhone())).statusCode).toBe(200);
    const refused = await send(newPhone());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'SMS_THROTTLED', retryAfter: 3600 });
    expect(refused.headers['retry-after']).toBe('3600');
  });
});

describe('trying codes from one address', () => {
  it('allows 60 wrong codes an hour across phones, logins and resets, then answers 429', async () => {
    // Right codes do not count: an office behind one address logs in by code all day.
    const phone = newPhone();
    await userWithPhone(phone);
    for (let i = 0; i < 3; i += 1) {
      await send(phone);
      expect((await valid(phone, await codeSentTo(phone))).statusCode).toBe(200);
      clock.advance(SMS_LIMITS.resendSeconds * 1000);
    }
    const phones = [newPhone(), newPhone()];
    for (let i = 0; i < SMS_LIMITS.wrongCodesPerAddressPerHour; i += 1) {
      const res =
        i % 2 === 0
          ? await valid(phones[0]!, '000000')
          : await t.post('/v1/password/reset', {
              body: { phone: phones[1], code: '000000', password: 'new-pass-123' },
            });
      expect(res.statusCode).toBe(401);
    }
    const refused = await valid(newPhone(), '000000');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'SMS_TRIES_THROTTLED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    clock.advance(HOUR_MS);
    expect((await valid(newPhone(), '000000')).statusCode).toBe(401);
  });
});

describe('resetting a password with an SMS code', () => {
  it('sets the new password and ends the user’s sessions', async () => {
    const phone = newPhone();
    const { username, password } = await userWithPhone(phone);
    const session = await t.login(username, password);
    await send(phone, 'reset', { 'accept-language': 'en-US' });
    const code = await codeSentTo(phone);
    expect((await outbox()).list[0]!.text).toMatch(/password reset code/);
    expect((await valid(phone, code)).statusCode).toBe(401);

    const res = await t.post('/v1/password/reset', { body: { phone, code, password: 'new-password-22' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await t.get('/v1/users/me', { token: session })).statusCode).toBe(401);
    expect((await t.post('/v1/login', { body: { username, password } })).statusCode).toBe(401);
    expect((await t.post('/v1/login', { body: { username, password: 'new-password-22' } })).statusCode).toBe(200);
    const replay = await t.post('/v1/password/reset', { body: { phone, code, password: 'third-password-3' } });
    expect(replay.json()).toMatchObject({ code: 'SMS_CODE_INVALID', isLogin: false });
  });

  it('refuses a login code', async () => {
    const phone = newPhone();
    await userWithPhone(phone);
    await send(phone);
    const code = await codeSentTo(phone);
    const res = await t.post('/v1/password/reset', { form: { phone, code, password: 'new-password-22' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'SMS_CODE_INVALID', isLogin: false });
  });
});

describe('the outbox', () => {
  it('shows a tenant only its own users’ messages, and the platform owner the registration codes', async () => {
    const phone = newPhone();
    await userWithPhone(phone);
    await send(phone);
    const code = await codeSentTo(phone);
    expect((await outbox(other.token)).list.some((entry) => entry.text.includes(code))).toBe(false);

    const newcomer = newPhone();
    await send(newcomer, 'register');
    expect((await outbox()).list[0]).toMatchObject({ phone: newcomer });
    expect((await outbox(other.token)).list.some((entry) => entry.phone === newcomer)).toBe(false);
  });

  it('is for admins only', async () => {
    const operator = await t.createUser(admin, 'operator');
    expect((await t.get('/v1/sms/outbox', { token: operator.token })).statusCode).toBe(403);
    expect((await t.get('/v1/sms/outbox')).statusCode).toBe(401);
  });

  it('pages newest first', async () => {
    const phones = [newPhone(), newPhone(), newPhone()];
    for (const phone of phones) await send(phone, 'register');
    const page = (await t.get('/v1/sms/outbox?limit=2&offset=1', { token: admin })).json<SmsOutboxResponse>();
    expect(page.list.map((entry) => entry.phone)).toEqual([phones[1], phones[0]]);
    expect(page.total).toBeGreaterThanOrEqual(3);
  });
});

describe('bad input', () => {
  it.each([
    ['/v1/sms/send', { phone: 'call me' }],
    ['/v1/sms/send', { phone: '1' }],
    ['/v1/sms/send', { phone: '13900000000', purpose: 'spam' }],
    ['/v1/sms/send', {}],
    ['/v1/sms/valid', { phone: '13900000000', code: '12345' }],
    ['/v1/sms/valid', { phone: '13900000000', code: 'abcdef' }],
    ['/v1/sms/valid', { phone: '13900000000' }],
    ['/v1/password/reset', { phone: '13900000000', code: '123456', password: 'short' }],
    ['/v1/password/reset', { phone: '13900000000', code: '123456' }],
  ])('%s refuses %j with 422', async (url, body) => {
    expect((await t.post(url, { body })).statusCode).toBe(422);
  });
});

describe('the OpenAPI document', () => {
  it('lists the SMS calls', async () => {
    const paths = Object.keys((await t.get('/docs/json')).json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/v1/sms/send', '/v1/sms/valid', '/v1/password/reset', '/v1/sms/outbox']),
    );
  });
});

describe('an HTTP gateway', () => {
  let site: LocalSite;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let status = 200;

  beforeAll(async () => {
    site = await startLocalSite({ '/send': (res) => res.writeHead(status).end('{}') });
    app = await createTestApp({
      config: {
        clock: manualClock(),
        sms: {
          provider: 'http',
          url: `http://sms-gateway.test:${site.port}/send`,
          headers: { Authorization: 'Bearer gateway-key' },
          bodyTemplate: '{"to":"{{phone}}","message":"{{text}}","sign":"Flotilla"}',
        },
        outbound: {
          lookup: async () => [{ address: '127.0.0.1', family: 4 }],
          isAllowedAddress: (address, port) => site.isSite(address, port),
        },
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    await site?.close();
  });

  it('posts the phone and text to the gateway, keeps nothing in the outbox, and the code logs in', async () => {
    const owner = await app.login();
    const phone = newPhone();
    const made = await app.post('/v1/users', {
      token: owner,
      body: { username: 'gw-user', nickname: 'gw', password: 'user-password-1', role: 'operator', phone },
    });
    expect(made.statusCode).toBe(200);
    const res = await app.post('/v1/sms/send', { body: { phone }, headers: { 'accept-language': 'en-US' } });
    expect(res.statusCode).toBe(200);
    expect(site.requests).toHaveLength(1);
    const [request] = site.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/send' });
    expect(request!.headers.authorization).toBe('Bearer gateway-key');
    expect(request!.headers['content-type']).toBe('application/json');
    const body = JSON.parse(request!.body) as { to: string; message: string; sign: string };
    expect(body).toMatchObject({ to: phone, sign: 'Flotilla' });
    expect((await app.get('/v1/sms/outbox', { token: owner })).json<SmsOutboxResponse>().total).toBe(0);

    const code = /(\d{6})/.exec(body.message)![1]!;
    expect((await app.post('/v1/sms/valid', { body: { phone, code } })).statusCode).toBe(200);
  });

  it('answers 502 SMS_SEND_FAILED when the gateway refuses', async () => {
    status = 500;
    const owner = await app.login();
    const phone = newPhone();
    await app.post('/v1/users', {
      token: owner,
      body: { username: 'gw-user-2', nickname: 'gw', password: 'user-password-1', role: 'operator', phone },
    });
    const res = await app.post('/v1/sms/send', { body: { phone } });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'SMS_SEND_FAILED' });
  });
});
