import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CREDIT_LIMITS,
  type CreditPackage,
  type CreditsResponse,
  type LedgerEntry,
  type Robot,
  type ShareSettings,
} from '@flotilla/shared/contracts';
import { useTestApp } from '../helper';
import { startFakeOpenAi } from '../support/fake-openai';

const upstream = await startFakeOpenAi({ kind: 'answer', text: 'Paid answer.' });
const PRICE = 3;
const t = useTestApp({
  config: {
    openaiModels: [
      { id: 'paid-model', name: 'Paid', price: PRICE, baseUrl: upstream.baseUrl, apiKey: 'sk-x', model: 'upstream' },
    ],
  },
});
afterAll(() => upstream.close());

let admin: string;
let adminId: string;
let operator: { user: { id: string }; token: string };
let other: Awaited<ReturnType<typeof t.createTenant>>;

beforeAll(async () => {
  admin = await t.login();
  adminId = (await t.get('/v1/users/me', { token: admin })).json<{ id: string }>().id;
  operator = await t.createUser(admin, 'operator');
  other = await t.createTenant(admin);
});

const recharge = (body: Record<string, unknown>, token = admin) => t.post('/v1/users/recharge', { token, body });
const adjust = (body: Record<string, unknown>, token = admin) => t.post('/v1/users/credits/adjust', { token, body });
const statement = async (userId: string, query = '', token = admin) =>
  (await t.get(`/v1/users/${userId}/credits${query}`, { token })).json<CreditsResponse>();
const newUser = async () => (await t.createUser(admin, 'operator')).user.id;

describe('POST /v1/users/recharge', () => {
  it('adds a whole positive amount, sent as a form or as JSON, with a recharge row', async () => {
    const userId = await newUser();
    const form = await t.post('/v1/users/recharge', { token: admin, form: { userId, amount: '7', remark: 'card' } });
    expect(form.statusCode).toBe(200);
    expect(form.json()).toMatchObject({ userId, balance: 7, total: 1 });
    expect((await recharge({ userId, amount: 5 })).json().balance).toBe(12);
    const { ledger } = await statement(userId);
    expect(ledger.map((row) => [row.kind, row.amount, row.balanceAfter, row.remark])).toEqual([
      ['recharge', 5, 12, ''],
      ['recharge', 7, 7, 'card'],
    ]);
  });

  it.each([
    ['negative', -5],
    ['zero', 0],
    ['not whole', 1.5],
    ['over the maximum', CREDIT_LIMITS.rechargeMax + 1],
    ['not a number', 'ten'],
  ])('refuses an amount that is %s with 422 and changes nothing', async (_, amount) => {
    const userId = await newUser();
    const res = await recharge({ userId, amount });
    expect(res.statusCode).toBe(422);
    expect(await statement(userId)).toMatchObject({ balance: 0, total: 0 });
  });

  it.each([['-5'], ['0'], ['1.5'], ['10000001'], ['ten'], ['']])(
    'refuses the form amount %j with 422 and changes nothing',
    async (amount) => {
      const userId = await newUser();
      const res = await t.post('/v1/users/recharge', { token: admin, form: { userId, amount } });
      expect(res.statusCode).toBe(422);
      expect(await statement(userId)).toMatchObject({ balance: 0, total: 0 });
    },
  );

  it('takes exactly one of amount and package', async () => {
    const userId = await newUser();
    const pack = (
      await t.post('/v1/credits/packages', { token: admin, body: { name: 'Small', priceCents: 990, credits: 100 } })
    ).json<CreditPackage>();
    expect((await recharge({ userId })).statusCode).toBe(422);
    const both = await recharge({ userId, amount: 5, packageId: pack.id }, admin);
    expect(both.statusCode).toBe(422);
    expect(both.json().detail[0].msg).toBe('请填写充值额度或选择套餐（二选一）');
    expect((await statement(userId)).balance).toBe(0);
  });

  it("adds a package's credits and records the package in the remark", async () => {
    const userId = await newUser();
    const pack = (
      await t.post('/v1/credits/packages', { token: admin, body: { name: 'Gold', priceCents: 19900, credits: 2500 } })
    ).json<CreditPackage>();
    const res = await recharge({ userId, packageId: pack.id, remark: 'invoice 42' });
    expect(res.statusCode).toBe(200);
    expect(res.json<CreditsResponse>().ledger[0]).toMatchObject({
      kind: 'recharge',
      amount: 2500,
      balanceAfter: 2500,
      remark: '[Gold · 199.00] invoice 42',
    });
    // Another tenant's package, or a deleted one, is not found.
    const theirs = (
      await t.post('/v1/credits/packages', { token: other.token, body: { name: 'Theirs', priceCents: 1, credits: 9 } })
    ).json<CreditPackage>();
    const foreign = await recharge({ userId, packageId: theirs.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('CREDIT_PACKAGE_NOT_FOUND');
    expect((await statement(userId)).balance).toBe(2500);
  });

  it("refuses non-admins (403) and another tenant's user (404)", async () => {
    const userId = await newUser();
    expect((await recharge({ userId, amount: 5 }, operator.token)).statusCode).toBe(403);
    const foreign = await recharge({ userId, amount: 5 }, other.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('USER_NOT_FOUND');
    expect((await statement(userId)).balance).toBe(0);
  });
});

describe('POST /v1/users/credits/adjust', () => {
  it('moves a balance up and down with the remark, never below zero', async () => {
    const userId = await newUser();
    expect((await adjust({ userId, amount: 10, remark: 'goodwill' })).json().balance).toBe(10);
    expect((await adjust({ userId, amount: -4, remark: 'double recharge' })).json().balance).toBe(6);
    const below = await adjust({ userId, amount: -7, remark: 'too much' });
    expect(below.statusCode).toBe(422);
    expect(below.json().detail[0]).toMatchObject({ loc: ['body', 'amount'], type: 'CREDITS_BELOW_ZERO' });
    const { balance, ledger } = await statement(userId);
    expect(balance).toBe(6);
    expect(ledger.map((row) => [row.kind, row.amount, row.remark])).toEqual([
      ['adjustment', -4, 'double recharge'],
      ['adjustment', 10, 'goodwill'],
    ]);
  });

  it('stops a balance at CREDIT_LIMITS.balanceMax: recharges and corrections past it are refused, changing nothing', async () => {
    const userId = await newUser();
    const fills = CREDIT_LIMITS.balanceMax / CREDIT_LIMITS.rechargeMax;
    for (let i = 0; i < fills; i++)
      expect((await recharge({ userId, amount: CREDIT_LIMITS.rechargeMax })).statusCode).toBe(200);
    const over = await recharge({ userId, amount: 1 });
    expect(over.statusCode).toBe(422);
    expect(over.json().detail[0]).toMatchObject({ loc: ['body', 'amount'], type: 'CREDITS_BALANCE_FULL' });
    expect((await adjust({ userId, amount: 1, remark: 'one more' })).json().detail[0].type).toBe(
      'CREDITS_BALANCE_FULL',
    );
    const { balance, total } = await statement(userId);
    expect(balance).toBe(CREDIT_LIMITS.balanceMax);
    expect(total).toBe(fills);
    // Spending and correcting down still work at the top.
    expect((await adjust({ userId, amount: -1, remark: 'back down' })).json().balance).toBe(
      CREDIT_LIMITS.balanceMax - 1,
    );
  });

  it('needs a remark and a non-zero amount, an admin, and a user of the tenant', async () => {
    const userId = await newUser();
    expect((await adjust({ userId, amount: 5 })).statusCode).toBe(422);
    expect((await adjust({ userId, amount: 5, remark: '   ' })).statusCode).toBe(422);
    expect((await adjust({ userId, amount: 0, remark: 'nothing' })).statusCode).toBe(422);
    expect((await adjust({ userId, amount: 2.5, remark: 'half' })).statusCode).toBe(422);
    expect((await adjust({ userId, amount: 5, remark: 'x' }, operator.token)).statusCode).toBe(403);
    expect((await adjust({ userId, amount: 5, remark: 'x' }, other.token)).statusCode).toBe(404);
    expect(await statement(userId)).toMatchObject({ balance: 0, total: 0 });
  });
});

describe('GET /v1/users/{id}/credits and its export', () => {
  let userId: string;
  let userToken: string;
  let rows: LedgerEntry[];

  beforeAll(async () => {
    const created = await t.createUser(admin, 'operator');
    userId = created.user.id;
    userToken = created.token;
    await recharge({ userId, amount: 100, remark: '=HYPERLINK("http://evil")' });
    await adjust({ userId, amount: -10, remark: 'fix' });
    await recharge({ userId, amount: 50 });
    await adjust({ userId, amount: 1, remark: 'bonus' });
    await recharge({ userId, amount: 20 });
    rows = (await statement(userId, '?limit=200')).ledger;
  });

  it('pages the ledger newest first and filters it by kind', async () => {
    expect(rows.map((row) => row.amount)).toEqual([20, 1, 50, -10, 100]);
    const page = await statement(userId, '?offset=1&limit=2');
    expect(page).toMatchObject({ balance: 161, total: 5 });
    expect(page.ledger.map((row) => row.amount)).toEqual([1, 50]);
    const adjustments = await statement(userId, '?kind=adjustment');
    expect(adjustments.total).toBe(2);
    expect(adjustments.ledger.map((row) => row.amount)).toEqual([1, -10]);
    expect((await t.get(`/v1/users/${userId}/credits?kind=gift`, { token: admin })).statusCode).toBe(422);
    expect((await t.get(`/v1/users/${userId}/credits?limit=201`, { token: admin })).statusCode).toBe(422);
  });

  it('filters by time: from included, to excluded, in any offset', async () => {
    const third = rows[2]!.createdAt;
    const fromThird = await statement(userId, `?from=${encodeURIComponent(third)}`);
    expect(fromThird.ledger.map((row) => row.amount)).toEqual([20, 1, 50]);
    const beforeThird = await statement(userId, `?to=${encodeURIComponent(third)}`);
    expect(beforeThird.ledger.map((row) => row.amount)).toEqual([-10, 100]);
    // The same instant written at +08:00 selects the same rows.
    const instant = new Date(third);
    const shifted = new Date(instant.getTime() + 8 * 3600_000).toISOString().replace('Z', '+08:00');
    expect((await statement(userId, `?from=${encodeURIComponent(shifted)}`)).total).toBe(3);
    expect((await t.get(`/v1/users/${userId}/credits?from=yesterday`, { token: admin })).statusCode).toBe(422);
  });

  it('lets a user read only their own ledger; another tenant gets 404', async () => {
    expect((await statement(userId, '', userToken)).balance).toBe(161);
    expect((await t.get(`/v1/users/${adminId}/credits`, { token: userToken })).statusCode).toBe(403);
    expect((await t.get(`/v1/users/${userId}/credits/export`, { token: operator.token })).statusCode).toBe(403);
    const foreign = await t.get(`/v1/users/${userId}/credits`, { token: other.token });
    expect(foreign.statusCode).toBe(404);
    expect((await t.get(`/v1/users/${userId}/credits/export`, { token: other.token })).statusCode).toBe(404);
  });

  it('exports the filtered ledger as credits.xlsx that exceljs reads back, remarks as text', async () => {
    const res = await t.get(`/v1/users/${userId}/credits/export?kind=recharge`, {
      token: userToken,
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain('filename="credits.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const read = sheet.getSheetValues().slice(1) as unknown[][];
    expect(read[0]!.slice(1)).toEqual(['Time (UTC)', 'Kind', 'Amount', 'Balance after', 'Remark', 'Answer id']);
    const expected = rows.filter((row) => row.kind === 'recharge');
    expect(read.slice(1).map((cells) => [cells[2], cells[3], cells[4], cells[5] ?? ''])).toEqual(
      expected.map((row) => ['Recharge', row.amount, row.balanceAfter, row.remark]),
    );
    expect((read[1]![1] as Date).toISOString()).toBe(expected[0]!.createdAt);
    const remarkCell = sheet.getRow(read.length).getCell(5);
    expect(remarkCell.type).toBe(ExcelJS.ValueType.String);
  });
});

describe('credit packages', () => {
  it('lets admins add, change and remove packages, every staff member read them, cheapest first', async () => {
    const tenant = await t.createTenant(admin);
    const staff = await t.createUser(tenant.token, 'agent');
    const add = (body: Record<string, unknown>, token = tenant.token) =>
      t.post('/v1/credits/packages', { token, body });
    const big = (await add({ name: ' Big ', priceCents: 5000, credits: 600 })).json<CreditPackage>();
    expect(big).toMatchObject({ name: 'Big', priceCents: 5000, credits: 600 });
    await add({ name: 'Small', priceCents: 1000, credits: 100 });
    const list = (await t.get('/v1/credits/packages', { token: staff.token })).json();
    expect(list.total).toBe(2);
    expect(list.list.map((p: CreditPackage) => p.name)).toEqual(['Small', 'Big']);

    expect((await add({ name: 'x', priceCents: 1, credits: 1 }, staff.token)).statusCode).toBe(403);
    const changed = await t.put(`/v1/credits/packages/${big.id}`, {
      token: tenant.token,
      body: { name: 'Bigger', priceCents: 6000, credits: 800 },
    });
    expect(changed.json()).toMatchObject({ id: big.id, name: 'Bigger', priceCents: 6000, credits: 800 });
    const foreignPut = await t.put(`/v1/credits/packages/${big.id}`, {
      token: admin,
      body: { name: 'Mine', priceCents: 1, credits: 1 },
    });
    expect(foreignPut.statusCode).toBe(404);
    expect(foreignPut.json().code).toBe('CREDIT_PACKAGE_NOT_FOUND');
    expect((await t.del(`/v1/credits/packages/${big.id}`, { token: admin })).statusCode).toBe(404);
    expect((await t.del(`/v1/credits/packages/${big.id}`, { token: staff.token })).statusCode).toBe(403);
    expect((await t.del(`/v1/credits/packages/${big.id}`, { token: tenant.token })).json()).toEqual({ ok: true });
    expect((await t.get('/v1/credits/packages', { token: staff.token })).json().total).toBe(1);
  });

  it.each([
    ['an empty name', { name: '', priceCents: 1, credits: 1 }],
    ['a blank name', { name: '   ', priceCents: 1, credits: 1 }],
    ['a long name', { name: 'n'.repeat(CREDIT_LIMITS.packageNameMax + 1), priceCents: 1, credits: 1 }],
    ['a negative price', { name: 'p', priceCents: -1, credits: 1 }],
    ['a price in fractions of a cent', { name: 'p', priceCents: 1.5, credits: 1 }],
    ['no credits', { name: 'p', priceCents: 1, credits: 0 }],
    ['too many credits', { name: 'p', priceCents: 1, credits: CREDIT_LIMITS.rechargeMax + 1 }],
  ])('refuses %s with 422', async (_, body) => {
    expect((await t.post('/v1/credits/packages', { token: admin, body })).statusCode).toBe(422);
  });

  it(`stops at ${CREDIT_LIMITS.packagesMax} packages per tenant`, async () => {
    const tenant = await t.createTenant(admin);
    for (let i = 0; i < CREDIT_LIMITS.packagesMax; i++) {
      const res = await t.post('/v1/credits/packages', {
        token: tenant.token,
        body: { name: `P${i}`, priceCents: i, credits: 1 + i },
      });
      expect(res.statusCode).toBe(200);
    }
    const full = await t.post('/v1/credits/packages', {
      token: tenant.token,
      body: { name: 'one more', priceCents: 1, credits: 1 },
    });
    expect(full.statusCode).toBe(422);
    expect(full.json().detail[0].type).toBe('CREDIT_PACKAGES_FULL');
    expect((await t.get('/v1/credits/packages', { token: tenant.token })).json().total).toBe(CREDIT_LIMITS.packagesMax);
  });
});

describe('credit settings and GET /v1/credits/me', () => {
  it('warns below the threshold an admin sets (0, the default, never warns)', async () => {
    const tenant = await t.createTenant(admin);
    const agent = await t.createUser(tenant.token, 'agent');
    const me = async () => (await t.get('/v1/credits/me', { token: agent.token })).json();
    expect((await t.get('/v1/credits/settings', { token: agent.token })).json()).toEqual({ lowBalanceThreshold: 0 });
    expect(await me()).toEqual({ balance: 0, lowBalanceThreshold: 0, low: false });

    const put = (body: unknown, token = tenant.token) => t.put('/v1/credits/settings', { token, body });
    expect((await put({ lowBalanceThreshold: 50 }, agent.token)).statusCode).toBe(403);
    expect((await put({ lowBalanceThreshold: -1 })).statusCode).toBe(422);
    expect((await put({ lowBalanceThreshold: CREDIT_LIMITS.thresholdMax + 1 })).statusCode).toBe(422);
    expect((await put({ lowBalanceThreshold: 50 })).json()).toEqual({ lowBalanceThreshold: 50 });
    expect((await put({ lowBalanceThreshold: 50 })).json()).toEqual({ lowBalanceThreshold: 50 });
    expect(await me()).toEqual({ balance: 0, lowBalanceThreshold: 50, low: true });

    await recharge({ userId: agent.user.id, amount: 49 }, tenant.token);
    expect((await me()).low).toBe(true);
    await recharge({ userId: agent.user.id, amount: 1 }, tenant.token);
    expect(await me()).toEqual({ balance: 50, lowBalanceThreshold: 50, low: false });
    // Settings are the tenant's own.
    expect((await t.get('/v1/credits/settings', { token: admin })).json()).toEqual({ lowBalanceThreshold: 0 });
  });
});

describe('the ledger invariant', () => {
  /** A robot on the priced model with its share enabled; its answers debit the admin. */
  async function pricedShare() {
    const robot = (await t.post('/v1/processes', { token: admin, body: { name: 'Priced' } })).json<Robot>();
    await t.put(`/v1/processes/${robot.processId}/basic`, { token: admin, body: { model: 'paid-model' } });
    const base = `/v1/users/${robot.adminId}/processes/${robot.processId}/share`;
    await t.put(base, { token: admin, body: { rateLimitPerMinute: 1000 } });
    return (await t.put(`${base}/enable`, { token: admin })).json<ShareSettings>();
  }

  it('keeps balance = sum(ledger) and a consistent balance_after chain under concurrent answers and recharges', async () => {
    const share = await pricedShare();
    const start = (await statement(adminId, '?limit=1')).balance;
    await recharge({ userId: adminId, amount: PRICE * 4 });
    const answers = Array.from({ length: 24 }, (_, i) =>
      t.post('/v2/qa', {
        body: { shareId: share.shareId, visitorId: crypto.randomUUID(), question: `q${i}`, stream: false },
      }),
    );
    const recharges = Array.from({ length: 12 }, (_, i) => recharge({ userId: adminId, amount: PRICE + (i % 3) }));
    const takeBacks = Array.from({ length: 6 }, () => adjust({ userId: adminId, amount: -2, remark: 'race' }));
    // The engine's own debit and refund path, outside any answer.
    const engine = Array.from({ length: 12 }, async (_, i) => {
      const charged = await t.app.repos.credits.debit(other.tenant.id, other.admin.id, 1, `c${i}`);
      if (charged && i % 2 === 0) await t.app.repos.credits.refund(other.tenant.id, other.admin.id, 1, `c${i}`);
    });
    await recharge({ userId: other.admin.id, amount: 5 }, other.token);
    const results = await Promise.all([...answers, ...recharges, ...takeBacks]);
    await Promise.all(engine);
    expect(results.every((res) => [200, 400, 422].includes(res.statusCode))).toBe(true);
    // Some answers were refused for want of credits, so the race reached the bottom of the balance.
    expect(results.slice(0, 24).some((res) => res.json().code === 'INSUFFICIENT_CREDITS')).toBe(true);
    expect(results.slice(0, 24).some((res) => res.statusCode === 200)).toBe(true);

    for (const [tenantId, userId] of [
      [other.tenant.id, other.admin.id],
      [undefined, adminId],
    ] as const) {
      const query = t.app.db.selectFrom('creditLedger').selectAll().where('userId', '=', userId);
      const ledger = await (tenantId ? query.where('tenantId', '=', tenantId) : query)
        .orderBy('createdAt')
        .orderBy('id')
        .execute();
      const balance = await t.app.db
        .selectFrom('creditBalances')
        .select('balance')
        .where('userId', '=', userId)
        .executeTakeFirstOrThrow();
      expect(ledger.reduce((sum, row) => sum + row.amount, 0)).toBe(balance.balance);
      // Each row's balance_after is the one before plus its amount, and never negative.
      let running = 0;
      for (const row of ledger) {
        running += row.amount;
        expect(row.balanceAfter).toBe(running);
        expect(row.balanceAfter).toBeGreaterThanOrEqual(0);
      }
    }
    // And the balance is what the calls that succeeded add up to.
    const answered = results.slice(0, 24).filter((res) => res.statusCode === 200).length;
    const added = results.slice(24, 36).reduce((sum, _, i) => sum + PRICE + (i % 3), 0);
    const takenBack = results.slice(36).filter((res) => res.statusCode === 200).length * 2;
    expect((await statement(adminId, '?limit=1')).balance).toBe(
      start + PRICE * 4 + added - takenBack - PRICE * answered,
    );
  });
});
