import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  CreditsResponse,
  InviteeListResponse,
  LoginResponse,
  MyReferralResponse,
  ReferralSettings,
  ReferralSummaryResponse,
  User,
} from '@flotilla/shared/contracts';
import { REFERRAL_LIMITS } from '@flotilla/shared/contracts';
import { referralsRepository } from '../../src/plugins/app/referrals/referrals-repository';
import { REGISTER_LIMITS } from '../../src/routes/referrals/index';
import * as referralPhoneKeys from '../../src/db/migrations/021-referral-phone-keys';
import { useTestApp } from '../helper';

const t = useTestApp();

let admin: string;
let adminUser: User;
let operator: { user: User; token: string };
let code: string;
const SETTINGS: ReferralSettings = {
  enabled: true,
  referrerReward: 30,
  refereeReward: 12,
  newUserRole: 'operator',
  requirePhoneCode: false,
};

/** Each registration from its own address, so the per-address limit only counts where a test means it to. */
let addresses = 0;
const nextAddress = () => {
  addresses += 1;
  return `10.1.${addresses >> 8}.${addresses & 255}`;
};

function register(body: Record<string, string>, remoteAddress = nextAddress()) {
  return t.app.inject({ method: 'POST', url: '/v1/register', payload: body, remoteAddress });
}

let serial = 0;
/** A valid registration body for `ref`, with a fresh username and phone unless given. */
function newcomer(ref: string, overrides: Record<string, string> = {}) {
  serial += 1;
  return {
    username: `newcomer-${serial}`,
    nickname: `Newcomer ${serial}`,
    phone: `139 0000 ${String(serial).padStart(4, '0')}`,
    password: 'newcomer-password-1',
    ref,
    ...overrides,
  };
}

async function saveSettings(token: string, settings: ReferralSettings) {
  const res = await t.put('/v1/referrals/settings', { token, body: settings });
  expect(res.statusCode).toBe(200);
}

async function referralLedger(userId: string) {
  const res = await t.get(`/v1/users/${userId}/credits?limit=200`, { token: admin });
  expect(res.statusCode).toBe(200);
  const statement = res.json<CreditsResponse>();
  return { balance: statement.balance, rows: statement.ledger.filter((row) => row.kind === 'referral') };
}

beforeAll(async () => {
  admin = await t.login();
  adminUser = (await t.get('/v1/users/me', { token: admin })).json<User>();
  operator = await t.createUser(admin, 'operator');
  await t.app.db.updateTable('users').set({ phone: '138-1111-2222' }).where('id', '=', operator.user.id).execute();
  code = (await t.get('/v1/referrals/me', { token: operator.token })).json<MyReferralResponse>().code;
  await saveSettings(admin, SETTINGS);
});

describe('GET /v1/referrals/me', () => {
  it("makes the caller's code once and answers its link, invitees and rewards", async () => {
    const first = await t.get('/v1/referrals/me', { token: admin });
    expect(first.statusCode).toBe(200);
    const mine = first.json<MyReferralResponse>();
    expect(mine.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(mine.linkPath).toBe(`/register?ref=${mine.code}`);
    expect(mine).toMatchObject({ invitees: 0, rewardsEarned: 0 });
    const again = (await t.get('/v1/referrals/me', { token: admin })).json<MyReferralResponse>();
    expect(again.code).toBe(mine.code);
    expect(mine.code).not.toBe(code);
  });

  it('is for staff of every role, and refuses a caller without a token', async () => {
    const agent = await t.createUser(admin, 'agent');
    expect((await t.get('/v1/referrals/me', { token: agent.token })).statusCode).toBe(200);
    expect((await t.get('/v1/referrals/me')).statusCode).toBe(401);
  });
});

describe('referral settings', () => {
  it('are off by default in a new tenant, and each tenant has its own', async () => {
    const other = await t.createTenant(admin);
    const res = await t.get('/v1/referrals/settings', { token: other.token });
    expect(res.json()).toEqual({
      enabled: false,
      referrerReward: 0,
      refereeReward: 0,
      newUserRole: 'operator',
      requirePhoneCode: false,
    });
    expect((await t.get('/v1/referrals/settings', { token: operator.token })).json()).toEqual(SETTINGS);
  });

  it('may be changed by admins only', async () => {
    const res = await t.put('/v1/referrals/settings', { token: operator.token, body: { ...SETTINGS, enabled: false } });
    expect(res.statusCode).toBe(403);
    expect((await t.get('/v1/referrals/settings', { token: admin })).json()).toEqual(SETTINGS);
  });

  it('refuse a negative, fractional, huge or unknown value with 422', async () => {
    for (const body of [
      { ...SETTINGS, referrerReward: -1 },
      { ...SETTINGS, refereeReward: 1.5 },
      { ...SETTINGS, referrerReward: 1e308 },
      { ...SETTINGS, newUserRole: 'admin' },
      { enabled: true },
    ]) {
      const res = await t.put('/v1/referrals/settings', { token: admin, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await t.get('/v1/referrals/settings', { token: admin })).json()).toEqual(SETTINGS);
  });
});

describe('GET /v1/register/info', () => {
  it("says a working code's tenant and the new user's reward, and nothing about the referrer", async () => {
    const res = await t.get(`/v1/register/info?ref=${code.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      valid: true,
      tenantName: 'Default',
      refereeReward: SETTINGS.refereeReward,
      phoneCodeRequired: false,
    });
  });

  it('says only `valid: false` for an unknown code', async () => {
    const res = await t.get('/v1/register/info?ref=NOSUCHCODE');
    expect(res.json()).toEqual({ valid: false });
  });
});

describe('POST /v1/register', () => {
  it("creates a user of the referrer's tenant, logs them in and rewards both sides in the ledger", async () => {
    const body = newcomer(code);
    const res = await register(body);
    expect(res.statusCode).toBe(200);
    const { token, user } = res.json<LoginResponse>();
    expect(user).toMatchObject({ username: body.username, role: 'operator', tenantId: adminUser.tenantId });
    const me = await t.get('/v1/users/me', { token });
    expect(me.json<User>().id).toBe(user.id);

    const referee = await referralLedger(user.id);
    expect(referee.balance).toBe(SETTINGS.refereeReward);
    expect(referee.rows.map((row) => row.amount)).toEqual([SETTINGS.refereeReward]);
    const referrer = await referralLedger(operator.user.id);
    expect(referrer.rows.map((row) => row.amount)).toContain(SETTINGS.referrerReward);

    const invitees = (await t.get('/v1/referrals/invitees', { token: operator.token })).json<InviteeListResponse>();
    const row = invitees.list.find((invitee) => invitee.refereeId === user.id);
    expect(row).toMatchObject({ referrerId: operator.user.id, refereeName: body.nickname, referrerReward: 30 });
    // The referrer sees a masked phone; the admin the phone as registered (without spaces).
    expect(row?.phone).toMatch(/^139\*+\d{4}$/);
    const all = (await t.get('/v1/referrals/invitees', { token: admin })).json<InviteeListResponse>();
    expect(all.list.find((invitee) => invitee.refereeId === user.id)?.phone).toBe(body.phone.replace(/ /g, ''));

    const mine = (await t.get('/v1/referrals/me', { token: operator.token })).json<MyReferralResponse>();
    expect(mine.invitees).toBeGreaterThanOrEqual(1);
    expect(mine.rewardsEarned).toBe(referrer.rows.reduce((sum, entry) => sum + entry.amount, 0));
  });

  it('gives a new user the role the programme says', async () => {
    await saveSettings(admin, { ...SETTINGS, newUserRole: 'agent' });
    const res = await register(newcomer(code));
    await saveSettings(admin, SETTINGS);
    expect(res.json<LoginResponse>().user).toMatchObject({ role: 'agent', isAgent: true });
  });

  it('rewards a phone once: registered again later (its first user gone), it brings no credits', async () => {
    const body = newcomer(code);
    const first = await register(body);
    expect(first.statusCode).toBe(200);
    const firstUser = first.json<LoginResponse>().user;
    // The phone leaves the tenant's users (edited away), so it may register again.
    await t.app.db.updateTable('users').set({ phone: '' }).where('id', '=', firstUser.id).execute();
    const before = (await referralLedger(operator.user.id)).rows.length;

    const again = await register(newcomer(code, { phone: body.phone.replace(/ /g, '-') }));
    expect(again.statusCode).toBe(200);
    const second = await referralLedger(again.json<LoginResponse>().user.id);
    expect(second).toEqual({ balance: 0, rows: [] });
    expect((await referralLedger(operator.user.id)).rows).toHaveLength(before);
  });

  it('rewards a phone once however it is written: with or without +86, spaces or dashes', async () => {
    const first = await register(newcomer(code, { phone: '13900071234' }));
    expect(first.statusCode).toBe(200);
    await t.app.db
      .updateTable('users')
      .set({ phone: '' })
      .where('id', '=', first.json<LoginResponse>().user.id)
      .execute();
    const before = (await referralLedger(operator.user.id)).rows.length;

    const again = await register(newcomer(code, { phone: '+86 139-0007-1234' }));
    expect(again.statusCode).toBe(200);
    expect(await referralLedger(again.json<LoginResponse>().user.id)).toEqual({ balance: 0, rows: [] });
    expect((await referralLedger(operator.user.id)).rows).toHaveLength(before);
  });

  it(`stops rewarding a referrer after ${REFERRAL_LIMITS.rewardsPerReferrerPerDay} rewarded sign-ups in 24 hours; sign-up still works`, async () => {
    const busy = await t.createUser(admin, 'operator');
    const busyCode = (await t.get('/v1/referrals/me', { token: busy.token })).json<MyReferralResponse>().code;
    const tenantId = adminUser.tenantId;
    const recent = new Date(Date.now() - 3600_000).toISOString();
    // Earlier rewarded sign-ups of this referrer (the users they brought are the admin's stand-ins here).
    for (let i = 0; i < REFERRAL_LIMITS.rewardsPerReferrerPerDay; i += 1) {
      const stand = await t.createUser(admin, 'agent');
      await t.app.db
        .insertInto('referrals')
        .values({
          id: `busy-${i}`,
          tenantId,
          referrerId: busy.user.id,
          refereeId: stand.user.id,
          phone: `1370000${String(i).padStart(4, '0')}`,
          referrerReward: SETTINGS.referrerReward,
          refereeReward: SETTINGS.refereeReward,
          createdAt: recent,
        })
        .execute();
    }
    const res = await register(newcomer(busyCode));
    expect(res.statusCode).toBe(200);
    expect(await referralLedger(res.json<LoginResponse>().user.id)).toEqual({ balance: 0, rows: [] });
    expect((await referralLedger(busy.user.id)).rows).toEqual([]);

    // A day later the window has moved on: the next sign-up is rewarded again.
    const dayAgo = new Date(Date.now() - 25 * 3600_000).toISOString();
    await t.app.db.updateTable('referrals').set({ createdAt: dayAgo }).where('referrerId', '=', busy.user.id).execute();
    const next = await register(newcomer(busyCode));
    expect(next.statusCode).toBe(200);
    expect((await referralLedger(next.json<LoginResponse>().user.id)).balance).toBe(SETTINGS.refereeReward);
  });

  it('migration 021 merges phones stored before under one key each, keeping a reward', async () => {
    const tenantId = adminUser.tenantId;
    const at = new Date().toISOString();
    await t.app.db
      .insertInto('referralPhones')
      .values([
        { tenantId, phone: '+8613900088888', rewarded: 1, createdAt: at },
        { tenantId, phone: '13900088888', rewarded: 0, createdAt: at },
        { tenantId, phone: '008613900099999', rewarded: 0, createdAt: at },
      ])
      .execute();
    await referralPhoneKeys.up(t.app.db as unknown as Kysely<unknown>);
    const rows = await t.app.db
      .selectFrom('referralPhones')
      .select(['phone', 'rewarded'])
      .where('phone', 'like', '1390008888%')
      .orderBy('phone')
      .execute();
    expect(rows).toEqual([{ phone: '13900088888', rewarded: 1 }]);
    const other = await t.app.db
      .selectFrom('referralPhones')
      .select('phone')
      .where('phone', 'like', '%13900099999')
      .execute();
    expect(other).toEqual([{ phone: '13900099999' }]);
  });

  it('refuses a phone a user of the tenant has, spaces and dashes aside', async () => {
    const body = newcomer(code);
    expect((await register(body)).statusCode).toBe(200);
    const res = await register(newcomer(code, { phone: body.phone.replace(/ /g, '') }));
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'phone'], type: 'PHONE_TAKEN' });
  });

  it("refuses self-referral: the referrer's own phone or username", async () => {
    const samePhone = await register(newcomer(code, { phone: '13811112222' }));
    expect(samePhone.statusCode).toBe(422);
    expect(samePhone.json().detail[0].type).toBe('REFERRAL_SELF');
    const sameName = await register(newcomer(code, { username: operator.user.username.toUpperCase() }));
    expect(sameName.statusCode).toBe(422);
    expect(sameName.json().detail[0].type).toBe('REFERRAL_SELF');
  });

  it('answers 409 for a username in use, as creating a user does', async () => {
    const res = await register(newcomer(code, { username: 'admin' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('USERNAME_TAKEN');
  });

  it('refuses an unknown code, and every code while the programme is off', async () => {
    const unknown = await register(newcomer('NOSUCHCODE'));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail[0]).toMatchObject({ loc: ['body', 'ref'], type: 'REFERRAL_CODE_INVALID' });

    await saveSettings(admin, { ...SETTINGS, enabled: false });
    const body = newcomer(code);
    const off = await register(body);
    const info = await t.get(`/v1/register/info?ref=${code}`);
    await saveSettings(admin, SETTINGS);
    expect(off.statusCode).toBe(422);
    expect(off.json().detail[0].type).toBe('REFERRAL_CLOSED');
    expect(info.json()).toEqual({ valid: false });
    expect((await t.login(body.username, body.password).catch(() => 'refused')) === 'refused').toBe(true);
  });

  it("refuses a frozen referrer's code, and works again once they are unfrozen", async () => {
    const referrer = await t.createUser(admin, 'operator');
    const theirs = (await t.get('/v1/referrals/me', { token: referrer.token })).json<MyReferralResponse>().code;
    expect((await t.get(`/v1/users/${referrer.user.id}/freeze`, { token: admin })).statusCode).toBe(200);
    const frozen = await register(newcomer(theirs));
    expect(frozen.statusCode).toBe(422);
    expect(frozen.json().detail[0].type).toBe('REFERRAL_CODE_INVALID');
    expect((await t.get(`/v1/register/info?ref=${theirs}`)).json()).toEqual({ valid: false });
    await t.get(`/v1/users/${referrer.user.id}/unfreeze`, { token: admin });
    expect((await register(newcomer(theirs))).statusCode).toBe(200);
  });

  it('refuses bad input with 422 and creates nobody', async () => {
    const bodies = [
      { ...newcomer(code), phone: '' },
      { ...newcomer(code), phone: 'call me' },
      { ...newcomer(code), password: 'short' },
      { ...newcomer(code), username: 'a b' },
      { ...newcomer(code), ref: '../../x' },
      { ...newcomer(code), ref: 'A'.repeat(33) },
      { ...newcomer(code), nickname: 'n'.repeat(65) },
    ];
    const { username: _username, ...withoutUsername } = newcomer(code);
    for (const body of [...bodies, withoutUsername]) {
      const res = await register(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    const created = await t.app.db
      .selectFrom('users')
      .select('id')
      .where(
        'username',
        'in',
        bodies.map((body) => body.username),
      )
      .execute();
    expect(created).toEqual([]);
  });

  it('gives one reward when two registrations race with the same phone', async () => {
    const before = (await referralLedger(operator.user.id)).rows.length;
    const phone = '137 5555 0000';
    const results = await Promise.all([
      register(newcomer(code, { phone })),
      register(newcomer(code, { phone: phone.replace(/ /g, '') })),
    ]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 422]);
    expect(results.find((res) => res.statusCode === 422)?.json().detail[0].type).toBe('PHONE_TAKEN');
    expect((await referralLedger(operator.user.id)).rows).toHaveLength(before + 1);
  });

  it('leaves nothing when a step after the user insert fails: no user, referral, phone or ledger row', async () => {
    const failing = referralsRepository(t.app.db, async () => {
      throw new Error('ledger down');
    });
    const body = newcomer(code);
    await expect(failing.register(body)).rejects.toThrow('ledger down');
    const users = await t.app.db.selectFrom('users').select('id').where('username', '=', body.username).execute();
    expect(users).toEqual([]);
    const phone = body.phone.replace(/ /g, '');
    const phones = await t.app.db.selectFrom('referralPhones').select('phone').where('phone', '=', phone).execute();
    expect(phones).toEqual([]);
    const referrals = await t.app.db.selectFrom('referrals').select('id').where('phone', '=', phone).execute();
    expect(referrals).toEqual([]);
    // The same registration goes through once the ledger works.
    expect((await register(body)).statusCode).toBe(200);
  });

  it(`allows ${REGISTER_LIMITS.registrationsPerHour} attempts an hour from one address, then 429 with Retry-After`, async () => {
    const address = '10.9.9.9';
    for (let i = 0; i < REGISTER_LIMITS.registrationsPerHour; i += 1)
      expect((await register(newcomer('NOSUCHCODE'), address)).statusCode).toBe(422);
    const refused = await register(newcomer(code), address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await register(newcomer(code))).statusCode).toBe(200);
  });
});

describe('invitees and summary', () => {
  it("shows an admin the tenant's invitees, narrowed by referrer, and another user only their own", async () => {
    const other = await t.createUser(admin, 'operator');
    const theirs = (await t.get('/v1/referrals/me', { token: other.token })).json<MyReferralResponse>().code;
    const res = await register(newcomer(theirs));
    const refereeId = res.json<LoginResponse>().user.id;

    const all = (await t.get('/v1/referrals/invitees?limit=200', { token: admin })).json<InviteeListResponse>();
    expect(all.list.map((row) => row.referrerId)).toEqual(expect.arrayContaining([operator.user.id, other.user.id]));
    const narrowed = (
      await t.get(`/v1/referrals/invitees?referrerId=${other.user.id}`, { token: admin })
    ).json<InviteeListResponse>();
    expect(narrowed).toMatchObject({ total: 1, list: [{ refereeId, referrerId: other.user.id }] });

    // An operator asking for someone else's invitees still gets only their own.
    const own = (
      await t.get(`/v1/referrals/invitees?referrerId=${operator.user.id}`, { token: other.token })
    ).json<InviteeListResponse>();
    expect(own.list.map((row) => row.refereeId)).toEqual([refereeId]);
  });

  it('sums the tenant for an admin and the caller for others', async () => {
    const tenant = (await t.get('/v1/referrals/summary', { token: admin })).json<ReferralSummaryResponse>();
    const own = (await t.get('/v1/referrals/summary', { token: operator.token })).json<ReferralSummaryResponse>();
    const all = (await t.get('/v1/referrals/invitees?limit=200', { token: admin })).json<InviteeListResponse>();
    const sum = (rows: InviteeListResponse['list'], key: 'referrerReward' | 'refereeReward') =>
      rows.reduce((total, row) => total + row[key], 0);
    expect(tenant).toEqual({
      invitees: all.total,
      referrers: new Set(all.list.map((row) => row.referrerId)).size,
      referrerRewards: sum(all.list, 'referrerReward'),
      refereeRewards: sum(all.list, 'refereeReward'),
    });
    const mine = all.list.filter((row) => row.referrerId === operator.user.id);
    expect(own).toEqual({
      invitees: mine.length,
      referrers: 1,
      referrerRewards: sum(mine, 'referrerReward'),
      refereeRewards: sum(mine, 'refereeReward'),
    });
  });

  it("never shows another tenant's invitees", async () => {
    const other = await t.createTenant(admin);
    const list = (await t.get('/v1/referrals/invitees', { token: other.token })).json<InviteeListResponse>();
    expect(list).toEqual({ list: [], total: 0 });
    const probing = (
      await t.get(`/v1/referrals/invitees?referrerId=${operator.user.id}`, { token: other.token })
    ).json<InviteeListResponse>();
    expect(probing.total).toBe(0);
    const summary = (await t.get('/v1/referrals/summary', { token: other.token })).json<ReferralSummaryResponse>();
    expect(summary.invitees).toBe(0);
  });

  it("registers a newcomer into the code's tenant, not the first one", async () => {
    const other = await t.createTenant(admin, 'Second Shop');
    await saveSettings(other.token, SETTINGS);
    const theirs = (await t.get('/v1/referrals/me', { token: other.token })).json<MyReferralResponse>().code;
    expect((await t.get(`/v1/register/info?ref=${theirs}`)).json()).toMatchObject({ tenantName: 'Second Shop' });
    const res = await register(newcomer(theirs));
    expect(res.json<LoginResponse>().user.tenantId).toBe(other.tenant.id);
    const mine = (await t.get('/v1/referrals/invitees', { token: admin })).json<InviteeListResponse>();
    expect(mine.list.some((row) => row.refereeId === res.json<LoginResponse>().user.id)).toBe(false);
  });
});
