import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  SMS_LIMITS,
  type LoginResponse,
  type MyReferralResponse,
  type ReferralSettings,
  type SmsOutboxResponse,
} from '@flotilla/shared/contracts';
import { useTestApp } from '../helper';
import { manualClock } from '../support/manual-clock';

const clock = manualClock();
const t = useTestApp({ config: { clock } });
const HOUR_MS = 60 * 60 * 1000;
const SETTINGS: ReferralSettings = {
  enabled: true,
  referrerReward: 5,
  refereeReward: 3,
  newUserRole: 'operator',
  requirePhoneCode: true,
};

let admin: string;
let ref: string;

beforeAll(async () => {
  admin = await t.login();
  ref = (await t.get('/v1/referrals/me', { token: admin })).json<MyReferralResponse>().code;
  await saveSettings(SETTINGS);
});
// A fresh hour for every test: the address windows and each phone's resend wait start over.
beforeEach(() => clock.advance(HOUR_MS));

async function saveSettings(body: Partial<ReferralSettings>) {
  const res = await t.put('/v1/referrals/settings', { token: admin, body });
  expect(res.statusCode).toBe(200);
  return res.json<ReferralSettings>();
}

let serial = 0;
/** A Chinese mobile number and a username no other test uses. */
const newPhone = () => `137${String(serial++).padStart(8, '0')}`;
const newUsername = () => `code-newcomer-${serial++}`;

/** Each registration from its own address, so the per-address limit never interferes. */
let addresses = 0;
function register(body: Record<string, string>) {
  addresses += 1;
  const remoteAddress = `10.2.${addresses >> 8}.${addresses & 255}`;
  return t.app.inject({ method: 'POST', url: '/v1/register', payload: body, remoteAddress });
}
const newcomer = (phone: string, extra: Record<string, string> = {}) => ({
  username: newUsername(),
  nickname: 'Newcomer',
  phone,
  password: 'newcomer-password-1',
  ref,
  ...extra,
});

/** Asks for a registration code for the phone and reads it from the outbox, as the platform owner. */
async function registrationCode(phone: string): Promise<string> {
  expect((await t.post('/v1/sms/send', { body: { phone, purpose: 'register' } })).statusCode).toBe(200);
  const outbox = (await t.get('/v1/sms/outbox?limit=200', { token: admin })).json<SmsOutboxResponse>();
  const code = /\b(\d{6})\b/.exec(outbox.list.find((entry) => entry.phone === phone)?.text ?? '')?.[1];
  if (!code) throw new Error(`no code was sent to ${phone}`);
  return code;
}
const otherCode = (code: string) => String((Number(code) + 1) % 1e6).padStart(6, '0');

async function userNamed(username: string) {
  return t.app.db.selectFrom('users').select(['id', 'phone']).where('username', '=', username).executeTakeFirst();
}

function refusal(res: Awaited<ReturnType<typeof register>>) {
  return {
    status: res.statusCode,
    ...(res.json<{ detail?: Array<{ loc: string[]; type: string }> }>().detail?.[0] ?? {}),
  };
}

describe('the programme setting', () => {
  it('is answered always, saved by a PUT that has it and left as it was by one without it', async () => {
    expect((await t.get('/v1/referrals/settings', { token: admin })).json()).toEqual(SETTINGS);
    const { requirePhoneCode: _left, ...without } = SETTINGS;
    expect(await saveSettings({ ...without, refereeReward: 4 })).toEqual({ ...SETTINGS, refereeReward: 4 });
    expect(await saveSettings({ ...SETTINGS, requirePhoneCode: false })).toMatchObject({ requirePhoneCode: false });
    expect((await t.get(`/v1/register/info?ref=${ref}`)).json()).toMatchObject({ phoneCodeRequired: false });
    expect(await saveSettings(SETTINGS)).toEqual(SETTINGS);
    expect((await t.get(`/v1/register/info?ref=${ref}`)).json()).toEqual({
      valid: true,
      tenantName: 'Default',
      refereeReward: SETTINGS.refereeReward,
      phoneCodeRequired: true,
    });
    expect((await t.get('/v1/register/info?ref=NOSUCHCODE')).json()).toEqual({ valid: false });
  });

  it('is off in a new tenant, and changed by admins only', async () => {
    const other = await t.createTenant(admin);
    expect((await t.get('/v1/referrals/settings', { token: other.token })).json()).toMatchObject({
      requirePhoneCode: false,
    });
    const operator = await t.createUser(admin, 'operator');
    const res = await t.put('/v1/referrals/settings', {
      token: operator.token,
      body: { ...SETTINGS, requirePhoneCode: false },
    });
    expect(res.statusCode).toBe(403);
    expect((await t.get('/v1/referrals/settings', { token: admin })).json()).toMatchObject({ requirePhoneCode: true });
  });
});

describe('registering with a phone code', () => {
  it('registers with the right code, which is then refused on replay', async () => {
    const phone = newPhone();
    const smsCode = await registrationCode(phone);
    const body = newcomer(phone, { smsCode });
    const res = await register(body);
    expect(res.statusCode).toBe(200);
    expect(res.json<LoginResponse>().user).toMatchObject({ username: body.username, phone });

    const replay = await register(newcomer(phone, { smsCode }));
    expect(refusal(replay)).toMatchObject({ status: 422, loc: ['body', 'smsCode'], type: 'SMS_CODE_INVALID' });
  });

  it('refuses a wrong code, counting tries: the fifth wrong one burns the code', async () => {
    const phone = newPhone();
    const smsCode = await registrationCode(phone);
    for (let i = 0; i < SMS_LIMITS.maxTries; i += 1) {
      const body = newcomer(phone, { smsCode: otherCode(smsCode) });
      expect(refusal(await register(body))).toMatchObject({
        status: 422,
        loc: ['body', 'smsCode'],
        type: 'SMS_CODE_INVALID',
      });
      expect(await userNamed(body.username)).toBeUndefined();
    }
    const right = await register(newcomer(phone, { smsCode }));
    expect(refusal(right)).toMatchObject({ status: 422, type: 'SMS_CODE_INVALID' });
  });

  it('takes four wrong tries and still registers with the right code', async () => {
    const phone = newPhone();
    const smsCode = await registrationCode(phone);
    for (let i = 1; i < SMS_LIMITS.maxTries; i += 1)
      expect((await register(newcomer(phone, { smsCode: otherCode(smsCode) }))).statusCode).toBe(422);
    expect((await register(newcomer(phone, { smsCode }))).statusCode).toBe(200);
  });

  it('refuses a registration without a code while the programme requires one, and creates nobody', async () => {
    const body = newcomer(newPhone());
    const res = await register(body);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      detail: [{ loc: ['body', 'smsCode'], type: 'SMS_CODE_REQUIRED', msg: '请输入发送到该手机号的验证码' }],
    });
    expect(await userNamed(body.username)).toBeUndefined();
  });

  it('checks a code given while none is required', async () => {
    await saveSettings({ ...SETTINGS, requirePhoneCode: false });
    const phone = newPhone();
    const smsCode = await registrationCode(phone);
    const wrong = await register(newcomer(phone, { smsCode: otherCode(smsCode) }));
    const without = await register(newcomer(newPhone()));
    await saveSettings(SETTINGS);
    expect(refusal(wrong)).toMatchObject({ status: 422, type: 'SMS_CODE_INVALID' });
    expect(without.statusCode).toBe(200);
  });

  it("refuses another phone's code, and a login code", async () => {
    const phone = newPhone();
    const smsCode = await registrationCode(phone);
    expect(refusal(await register(newcomer(newPhone(), { smsCode })))).toMatchObject({ type: 'SMS_CODE_INVALID' });

    const withUser = newPhone();
    const made = await t.post('/v1/users', {
      token: admin,
      body: { username: newUsername(), nickname: 'n', password: 'user-password-1', role: 'operator', phone: withUser },
    });
    expect(made.statusCode).toBe(200);
    await t.post('/v1/sms/send', { body: { phone: withUser } });
    const outbox = (await t.get('/v1/sms/outbox?limit=200', { token: admin })).json<SmsOutboxResponse>();
    const loginCode = /\b(\d{6})\b/.exec(outbox.list.find((entry) => entry.phone === withUser)?.text ?? '')![1]!;
    await t.app.db.updateTable('users').set({ phone: '' }).where('phone', '=', withUser).execute();
    expect(refusal(await register(newcomer(withUser, { smsCode: loginCode })))).toMatchObject({
      type: 'SMS_CODE_INVALID',
    });
    // The first phone's code was not spent by being tried with another phone.
    expect((await register(newcomer(phone, { smsCode }))).statusCode).toBe(200);
  });

  it('leaves the code usable when the registration is refused later (phone taken, username taken)', async () => {
    const phone = newPhone();
    const first = await register(newcomer(phone, { smsCode: await registrationCode(phone) }));
    expect(first.statusCode).toBe(200);

    clock.advance(SMS_LIMITS.resendSeconds * 1000);
    const smsCode = await registrationCode(phone);
    expect(refusal(await register(newcomer(phone, { smsCode })))).toMatchObject({ status: 422, type: 'PHONE_TAKEN' });
    // The phone leaves its first user: the same code now registers.
    await t.app.db
      .updateTable('users')
      .set({ phone: '' })
      .where('id', '=', first.json<LoginResponse>().user.id)
      .execute();
    const { user: someone } = await t.createUser(admin, 'operator');
    const nameTaken = await register(newcomer(phone, { smsCode, username: someone.username }));
    expect(nameTaken.statusCode).toBe(409);
    expect((await register(newcomer(phone, { smsCode }))).statusCode).toBe(200);
  });

  it('lets only one of two registrations with one code succeed', async () => {
    const phone = newPhone();
    const smsCode = await registrationCode(phone);
    const bodies = [newcomer(phone, { smsCode }), newcomer(phone, { smsCode })];
    const answers = await Promise.all(bodies.map((body) => register(body)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 422]);
    expect(refusal(answers.find((res) => res.statusCode === 422)!)).toMatchObject({ type: 'SMS_CODE_INVALID' });
    const users = await Promise.all(bodies.map((body) => userNamed(body.username)));
    expect(users.filter(Boolean)).toHaveLength(1);
  });
});
