import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { KeyReportResponse, Robot, UseKeyResponse, ValidationError } from '@flotilla/shared/contracts';
import { useTestApp } from '../helper';
import { en } from '../support/datasets';
import { manualClock } from '../support/manual-clock';

const clock = manualClock();
const t = useTestApp({ config: { clock, keyUsePerMinute: 6, keyUseAddressPerMinute: 12 } });
// Each test starts with fresh key/use minutes.
beforeEach(() => clock.advance(60_000));

let admin: string;
let operator: string;
let agent: string;
let other: string;
let robot: Robot;
let secret: { id: string; secret: string };
let spare: { id: string; secret: string };

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

async function newSecret(name: string) {
  const res = await t.post('/v1/secrets', { token: admin, body: { processId: robot.processId, name } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string; secret: string }>();
}

function use(form: Record<string, string>, token: string | undefined) {
  return t.post('/v1/case/key/use', { token, form, headers: en });
}

/** A key/use call with a secret from another client address. */
function useFrom(remoteAddress: string, token: string) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/case/key/use',
    remoteAddress,
    headers: { authorization: `Bearer ${token}` },
    payload: {},
  });
}

function report(form: Record<string, string>, token = operator) {
  return t.post('/v1/case/key/report', { token, form, headers: en });
}

/** Today's row of a report on the secret. */
async function todayOf(secretId: string) {
  const res = await report({ secretId, from: today(), to: today() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<KeyReportResponse>().list[0]!;
}

beforeAll(async () => {
  admin = await t.login();
  operator = (await t.createUser(admin, 'operator')).token;
  agent = (await t.createUser(admin, 'agent')).token;
  other = (await t.createTenant(admin)).token;
  robot = (await t.post('/v1/processes', { token: admin, body: { name: 'API robot' } })).json<Robot>();
  secret = await newSecret('integration');
  spare = await newSecret('spare');
});

describe('POST /v1/case/key/use', () => {
  it('adds a call authenticated by the secret itself, and one by an operator naming the secret', async () => {
    const first = await use({ tokens: '120' }, secret.secret);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ secretId: secret.id, day: today(), calls: 1, tokens: 120, errors: 0 });
    const second = await use({ secretId: secret.id, calls: '3', tokens: '30', errors: '1' }, operator);
    expect(second.json<UseKeyResponse>()).toMatchObject({ calls: 4, tokens: 150, errors: 1 });
    // JSON works as well as a form.
    const json = await t.post('/v1/case/key/use', { token: secret.secret, body: { errors: 1 } });
    expect(json.json<UseKeyResponse>()).toMatchObject({ calls: 5, tokens: 150, errors: 2 });
    for (const res of [first, second, json]) expect(res.body).not.toContain(secret.secret);
  });

  it('refuses a wrong secret (401), no credentials (401), an agent (403) and mismatched or missing ids', async () => {
    expect((await use({}, 'sk-flt-not-a-secret')).json()).toMatchObject({ code: 'INVALID_API_KEY' });
    expect((await use({}, undefined)).statusCode).toBe(401);
    expect((await use({ secretId: secret.id }, agent)).statusCode).toBe(403);
    const mismatch = await use({ secretId: spare.id }, secret.secret);
    expect(mismatch.statusCode).toBe(422);
    expect((mismatch.json() as ValidationError).detail[0]!.msg).toBe(
      'The secretId is not the API secret the call is made with',
    );
    expect((await use({}, operator)).statusCode).toBe(422);
    expect((await use({ secretId: secret.id }, other)).json()).toMatchObject({ code: 'SECRET_NOT_FOUND' });
    const bad: Array<Record<string, string>> = [
      { calls: '0' },
      { calls: '1001' },
      { tokens: '-1' },
      { tokens: '1e12' },
      { errors: 'x' },
    ];
    for (const form of bad) expect((await use(form, secret.secret)).statusCode, JSON.stringify(form)).toBe(422);
    expect((await todayOf(spare.id)).calls).toBe(0);
  });

  it('stops a day counter at its ceiling rather than overflowing', async () => {
    const capped = await newSecret('capped');
    for (let i = 0; i < 3; i++) await use({ tokens: '10000000' }, capped.secret);
    await t.app.db
      .updateTable('caseKeyUsage')
      .set({ tokens: 1_999_999_990 })
      .where('secretId', '=', capped.id)
      .execute();
    const res = await use({ tokens: '10000000' }, capped.secret);
    expect(res.json<UseKeyResponse>().tokens).toBe(2_000_000_000);
  });

  it('takes 6 calls a minute per secret, by the secret or an operator, then 429 with Retry-After', async () => {
    const busy = await newSecret('busy');
    for (let i = 0; i < 5; i++) expect((await use({}, busy.secret)).statusCode).toBe(200);
    expect((await use({ secretId: busy.id }, operator)).statusCode).toBe(200);
    clock.advance(15_000);
    for (const token of [busy.secret, operator]) {
      const limited = await use({ secretId: busy.id }, token);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBe('45');
      expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 45 });
    }
    expect((await todayOf(busy.id)).calls).toBe(6);
    // Another secret has its own minute; another tenant naming this one neither counts nor is limited by it.
    expect((await use({}, spare.secret)).statusCode).toBe(200);
    expect((await use({ secretId: busy.id }, other)).json()).toMatchObject({ code: 'SECRET_NOT_FOUND' });
    clock.advance(45_000);
    expect((await use({}, busy.secret)).json<UseKeyResponse>().calls).toBe(7);
  });

  it('takes 12 calls with a secret a minute per client address, wrong secrets included', async () => {
    const own = await newSecret('address');
    for (let i = 0; i < 12; i++) {
      const token = i < 4 ? own.secret : `sk-flt-guess-${i}`;
      expect((await useFrom('10.40.0.1', token)).statusCode).toBe(i < 4 ? 200 : 401);
    }
    // Past it even the right secret waits, and a guess is refused before it is looked up.
    const limited = await useFrom('10.40.0.1', own.secret);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
    expect((await useFrom('10.40.0.1', 'sk-flt-guess-again')).statusCode).toBe(429);
    // Another address goes on, and so do operators, who are not counted by address.
    expect((await useFrom('10.40.0.2', own.secret)).statusCode).toBe(200);
    expect((await use({ secretId: own.id }, operator)).json<UseKeyResponse>().calls).toBe(6);
  });
});

describe('calls of /v1/chat/completions with a secret', () => {
  it("are recorded on the secret's day: one call each, with its tokens", async () => {
    const chat = await newSecret('chat');
    for (const stream of [false, true]) {
      const res = await t.post('/v1/chat/completions', {
        token: chat.secret,
        body: { model: 'any', stream, messages: [{ role: 'user', content: 'hello there' }] },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // A call the API refuses (no user message) counts as a call with an error.
    await t.post('/v1/chat/completions', { token: chat.secret, body: { model: 'any', messages: [] } });
    let day = await todayOf(chat.id);
    while (day.calls < 3) day = await todayOf(chat.id);
    expect(day).toMatchObject({ calls: 3, errors: 1 });
    expect(day.tokens).toBeGreaterThan(0);
  });
});

describe('POST /v1/case/key/report', () => {
  it("answers every day of the range for a secret or all of a robot's secrets, with the sums", async () => {
    const bySecret = (await report({ secretId: secret.id, from: daysAgo(2), to: today() })).json<KeyReportResponse>();
    expect(bySecret.list.map((d) => d.day)).toEqual([daysAgo(2), daysAgo(1), today()]);
    expect(bySecret.total).toBe(3);
    expect(bySecret.list.slice(0, 2)).toEqual([
      { day: daysAgo(2), calls: 0, tokens: 0, errors: 0 },
      { day: daysAgo(1), calls: 0, tokens: 0, errors: 0 },
    ]);
    expect(bySecret).toMatchObject({ calls: 5, tokens: 150, errors: 2 });

    await use({ tokens: '7' }, spare.secret);
    const byRobot = (
      await report({ processId: robot.processId, from: today(), to: today() })
    ).json<KeyReportResponse>();
    expect(byRobot.list[0]!.calls).toBeGreaterThanOrEqual(6);
    expect(byRobot.tokens).toBeGreaterThanOrEqual(157);
    // Without a range: the last 30 days, ending today.
    const recent = (await report({ secretId: secret.id })).json<KeyReportResponse>();
    expect(recent.total).toBe(30);
    expect(recent.list.at(-1)!.day).toBe(today());
    expect(JSON.stringify([bySecret, byRobot, recent])).not.toContain('sk-flt-');
  });

  it('refuses agents, other tenants and bad ranges', async () => {
    expect((await report({ secretId: secret.id }, agent)).statusCode).toBe(403);
    expect((await report({ secretId: secret.id }, other)).json()).toMatchObject({ code: 'SECRET_NOT_FOUND' });
    expect((await report({ processId: robot.processId }, other)).json()).toMatchObject({ code: 'ROBOT_NOT_FOUND' });
    const bad: Array<Record<string, string>> = [
      {},
      { secretId: secret.id, processId: robot.processId },
      { secretId: secret.id, from: today(), to: daysAgo(1) },
      { secretId: secret.id, from: daysAgo(400), to: today() },
      { secretId: secret.id, from: '2026-02-31' },
      { secretId: secret.id, from: 'yesterday' },
    ];
    for (const form of bad) expect((await report(form)).statusCode, JSON.stringify(form)).toBe(422);
  });
});
