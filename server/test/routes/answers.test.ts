import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QaEvent, Robot, ShareSettings } from '@flotilla/shared/contracts';
import { ADMIN, useTestApp } from '../helper';
import { startFakeOpenAi } from '../support/fake-openai';

const upstream = await startFakeOpenAi();
const MODELS = [
  {
    id: 'paid-model',
    name: 'Paid',
    price: 2,
    baseUrl: upstream.baseUrl,
    apiKey: 'sk-upstream',
    model: 'upstream-model',
  },
];
const t = useTestApp({ config: { openaiModels: MODELS, answerTimeoutMs: 400 } });
afterAll(() => upstream.close());

let admin: string;
let adminId: string;
const VISITOR = '5d0c7a56-1f7e-4a53-9f0e-2c1a4b7c9d11';
const OTHER_VISITOR = '8e2b1c34-5a6d-4e7f-8a9b-0c1d2e3f4a5b';

beforeAll(async () => {
  admin = await t.login();
  adminId = (await t.post('/v1/processes', { token: admin, body: { name: 'First' } })).json<Robot>().adminId;
});

function events(body: string): QaEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice(6)) as QaEvent);
}
const answerText = (list: QaEvent[]) => list.flatMap((e) => (e.type === 'delta' ? [e.text] : [])).join('');

/** A robot with a welcome and a fallback reply, its share enabled. */
async function sharedRobot(
  options: { model?: string; fallbackReply?: string; welcome?: string; rateLimitPerMinute?: number } = {},
) {
  const robot = (await t.post('/v1/processes', { token: admin, body: { name: 'Helper' } })).json<Robot>();
  await t.put(`/v1/processes/${robot.processId}/basic`, {
    token: admin,
    body: { fallbackReply: options.fallbackReply ?? 'Sorry, I do not know.', model: options.model ?? 'builtin' },
  });
  await t.put(`/v1/processes/${robot.processId}/preset`, {
    token: admin,
    body: { welcome: options.welcome ?? 'Welcome to Acme!' },
  });
  const base = `/v1/users/${robot.adminId}/processes/${robot.processId}/share`;
  if (options.rateLimitPerMinute)
    await t.put(base, { token: admin, body: { rateLimitPerMinute: options.rateLimitPerMinute } });
  const share = (await t.put(`${base}/enable`, { token: admin })).json<ShareSettings>();
  return { robot, share, base };
}

const ask = (body: Record<string, unknown>, token?: string, headers: Record<string, string> = {}) =>
  t.post('/v2/qa', { token, body, headers: { 'accept-language': 'en', ...headers } });

describe('POST /v2/qa with the built-in provider', () => {
  it('streams the fallback reply as deltas, then done with the completion and a new session; the answer is stored', async () => {
    const { share } = await sharedRobot({ fallbackReply: 'Sorry, I cannot answer that yet.' });
    const res = await ask({ shareId: share.shareId, visitorId: VISITOR, question: 'What is the refund policy?' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const list = events(res.body);
    expect(list.filter((e) => e.type === 'delta').length).toBeGreaterThan(1);
    expect(answerText(list)).toBe('Sorry, I cannot answer that yet.');
    const done = list.at(-1);
    expect(done).toMatchObject({ type: 'done', citations: [] });
    if (done?.type !== 'done') throw new Error('no done event');
    expect(done.usage.completionTokens).toBeGreaterThan(0);

    const stored = await t.app.db
      .selectFrom('completions')
      .selectAll()
      .where('id', '=', done.completionId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      sessionId: done.sessionId,
      question: 'What is the refund policy?',
      answer: 'Sorry, I cannot answer that yet.',
      status: 'done',
      channel: 'visitor',
      userId: VISITOR,
      model: 'builtin',
      cost: 0,
    });
    const session = await t.app.db
      .selectFrom('chatSessions')
      .selectAll()
      .where('sessionId', '=', done.sessionId)
      .executeTakeFirstOrThrow();
    expect(session.title).toBe('What is the refund policy?');
  });

  it('greets with the welcome text, answers once as JSON with stream:false, and keeps asking in the same session', async () => {
    const { share } = await sharedRobot({ welcome: 'Hi! I am the Acme helper.' });
    const first = events((await ask({ shareId: share.shareId, visitorId: VISITOR, question: 'hello' })).body);
    expect(answerText(first)).toBe('Hi! I am the Acme helper.');
    const sessionId = (first.at(-1) as { sessionId: string }).sessionId;
    const res = await ask({
      shareId: share.shareId,
      visitorId: VISITOR,
      sessionId,
      question: 'And opening hours?',
      stream: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sessionId, answer: 'Sorry, I do not know.', citations: [] });
    // One session, written with its first answer and titled by it; the second answer only touched it.
    const sessions = await t.app.db
      .selectFrom('chatSessions')
      .select(['title', 'createdAt', 'updatedAt'])
      .where('sessionId', '=', sessionId)
      .execute();
    expect(sessions.map(({ title }) => title)).toEqual(['hello']);
    expect(sessions[0]?.updatedAt > (sessions[0]?.createdAt ?? '')).toBe(true);
  });

  it('lets staff ask by processId with their token (the debug chat), and only then', async () => {
    const { robot } = await sharedRobot();
    expect((await ask({ processId: robot.processId, question: 'hi' })).statusCode).toBe(401);
    const res = await ask({ processId: robot.processId, question: 'What can you do?' }, admin);
    expect(res.statusCode).toBe(200);
    const done = events(res.body).at(-1) as { type: string; completionId: string };
    expect(done.type).toBe('done');
    const stored = await t.app.db
      .selectFrom('completions')
      .select(['channel', 'userId'])
      .where('id', '=', done.completionId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ channel: 'staff', userId: adminId });
  });

  it('refuses bad input and dead targets with clear errors, never a 500', async () => {
    const { share, robot, base } = await sharedRobot();
    expect((await ask({ shareId: share.shareId, visitorId: VISITOR, question: '   ' })).statusCode).toBe(422);
    expect((await ask({ shareId: share.shareId, visitorId: VISITOR, question: 'x'.repeat(4001) })).statusCode).toBe(
      422,
    );
    expect((await ask({ shareId: share.shareId, visitorId: 'not-a-uuid', question: 'hi' })).statusCode).toBe(422);
    expect((await ask({ shareId: share.shareId, question: 'hi' })).json()).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'A visitor id is required',
    });
    expect((await ask({ question: 'hi' })).statusCode).toBe(400);
    expect(
      (await ask({ shareId: share.shareId, processId: robot.processId, visitorId: VISITOR, question: 'hi' }))
        .statusCode,
    ).toBe(400);
    expect((await ask({ shareId: 'no-such-share', visitorId: VISITOR, question: 'hi' })).json()).toMatchObject({
      code: 'SHARE_NOT_FOUND',
    });

    const other = events((await ask({ shareId: share.shareId, visitorId: OTHER_VISITOR, question: 'mine' })).body).at(
      -1,
    ) as { sessionId: string };
    const stolen = await ask({
      shareId: share.shareId,
      visitorId: VISITOR,
      sessionId: other.sessionId,
      question: 'hi',
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().code).toBe('SESSION_NOT_FOUND');

    await t.put(`${base}/disable`, { token: admin });
    expect((await ask({ shareId: share.shareId, visitorId: VISITOR, question: 'hi' })).statusCode).toBe(404);
  });

  it("stops a deleted robot's share at once, and never answers another tenant's robot", async () => {
    const { share, robot } = await sharedRobot();
    expect((await ask({ shareId: share.shareId, visitorId: VISITOR, question: 'hi' })).statusCode).toBe(200);
    await t.del(`/v1/processes/${robot.processId}`, { token: admin });
    expect((await ask({ shareId: share.shareId, visitorId: VISITOR, question: 'hi' })).statusCode).toBe(404);

    const { robot: mine } = await sharedRobot();
    const other = await t.createTenant(admin);
    const res = await ask({ processId: mine.processId, question: 'hi' }, other.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('ROBOT_NOT_FOUND');
  });

  it("limits each visitor to the share's rate per minute with a clear 429, other visitors unaffected", async () => {
    const { share } = await sharedRobot({ rateLimitPerMinute: 2 });
    for (let i = 0; i < 2; i += 1)
      expect((await ask({ shareId: share.shareId, visitorId: VISITOR, question: `q${i}` })).statusCode).toBe(200);
    const limited = await ask({ shareId: share.shareId, visitorId: VISITOR, question: 'one more' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'RATE_LIMITED', message: 'Too many requests, please try again later' });
    expect((await ask({ shareId: share.shareId, visitorId: OTHER_VISITOR, question: 'hi' })).statusCode).toBe(200);
  });

  it("refuses a page on a site not in the share's allowed origins", async () => {
    const { share, base } = await sharedRobot();
    await t.put(base, { token: admin, body: { allowedOrigins: ['https://shop.example.com'] } });
    const q = { shareId: share.shareId, visitorId: VISITOR, question: 'hi' };
    expect((await ask(q, undefined, { origin: 'https://evil.example.net' })).json()).toMatchObject({
      code: 'ORIGIN_NOT_ALLOWED',
    });
    expect((await ask(q, undefined, { origin: 'https://shop.example.com' })).statusCode).toBe(200);
    expect((await ask(q)).statusCode).toBe(200);
  });
});

describe('POST /v2/qa with an OpenAI-compatible model, and credits', () => {
  it('refuses with a clear message while the owner has no credits, answers after a recharge and records each debit', async () => {
    const { share } = await sharedRobot({ model: 'paid-model' });
    const q = { shareId: share.shareId, visitorId: VISITOR, question: 'Price of the red bike?' };
    const refused = await ask(q);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'INSUFFICIENT_CREDITS',
      message: "This robot's credits are used up; please ask its administrator to recharge",
    });

    const recharge = await t.post('/v1/users/recharge', {
      token: admin,
      form: { userId: adminId, amount: '3', remark: 'test' },
    });
    expect(recharge.statusCode).toBe(200);
    expect(recharge.json().balance).toBe(3);

    upstream.setMode({ kind: 'answer', text: 'The red bike costs 300 euros.' });
    const list = events((await ask(q)).body);
    expect(answerText(list)).toBe('The red bike costs 300 euros.');
    expect(list.at(-1)).toMatchObject({
      type: 'done',
      usage: { promptTokens: 11, completionTokens: 6, totalTokens: 17 },
    });
    const sent = upstream.received.at(-1)?.body;
    expect(sent).toMatchObject({ model: 'upstream-model', stream: true });
    expect(sent?.messages.at(-1)).toEqual({ role: 'user', content: 'Price of the red bike?' });

    const statement = (await t.get(`/v1/users/${adminId}/credits`, { token: admin })).json();
    expect(statement.balance).toBe(1);
    expect(statement.ledger.map((row: { kind: string; amount: number }) => [row.kind, row.amount])).toEqual([
      ['answer', -2],
      ['recharge', 3],
    ]);
    expect((await ask(q)).json().code).toBe('INSUFFICIENT_CREDITS');
  });

  it('sends the session history to the model, and ends with an error event (refunded) when the upstream fails or goes silent', async () => {
    const { share } = await sharedRobot({ model: 'paid-model' });
    await t.post('/v1/users/recharge', { token: admin, body: { userId: adminId, amount: 10 } });
    const before = (await t.get(`/v1/users/${adminId}/credits`, { token: admin })).json().balance as number;
    upstream.setMode({ kind: 'answer', text: 'First answer.' });
    const first = events(
      (await ask({ shareId: share.shareId, visitorId: VISITOR, question: 'First question' })).body,
    ).at(-1) as { sessionId: string };
    await ask({ shareId: share.shareId, visitorId: VISITOR, sessionId: first.sessionId, question: 'Second question' });
    expect(upstream.received.at(-1)?.body.messages.slice(-3)).toEqual([
      { role: 'user', content: 'First question' },
      { role: 'assistant', content: 'First answer.' },
      { role: 'user', content: 'Second question' },
    ]);

    upstream.setMode({ kind: 'fail', status: 500 });
    const failed = events((await ask({ shareId: share.shareId, visitorId: VISITOR, question: 'Break' })).body);
    expect(failed).toEqual([
      { type: 'error', code: 'PROVIDER_ERROR', message: 'The model service failed, please try again later' },
    ]);

    upstream.setMode({ kind: 'hang' });
    const silent = events((await ask({ shareId: share.shareId, visitorId: VISITOR, question: 'Hang' })).body);
    expect(silent).toEqual([
      { type: 'error', code: 'PROVIDER_TIMEOUT', message: 'The model service timed out, please try again later' },
    ]);

    const after = (await t.get(`/v1/users/${adminId}/credits`, { token: admin })).json();
    expect(after.balance).toBe(before - 4);
    expect(after.ledger.slice(0, 4).map((row: { kind: string }) => row.kind)).toEqual([
      'refund',
      'answer',
      'refund',
      'answer',
    ]);
    const errors = await t.app.db
      .selectFrom('completions')
      .select(['status', 'errorCode', 'cost'])
      .where('question', 'in', ['Break', 'Hang'])
      .orderBy('createdAt')
      .execute();
    expect(errors).toEqual([
      { status: 'error', errorCode: 'PROVIDER_ERROR', cost: 0 },
      { status: 'error', errorCode: 'PROVIDER_TIMEOUT', cost: 0 },
    ]);
  });

  it('aborts the upstream request when the visitor goes away, and keeps what was said as a stopped answer', async () => {
    const { share } = await sharedRobot({ model: 'paid-model' });
    await t.post('/v1/users/recharge', { token: admin, body: { userId: adminId, amount: 10 } });
    upstream.setMode({ kind: 'hang' });
    const receivedBefore = upstream.received.length;
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const leaving = new AbortController();
    const response = await fetch(`${address}/v2/qa`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ shareId: share.shareId, visitorId: VISITOR, question: 'Will you answer?' }),
      signal: leaving.signal,
    });
    expect(response.status).toBe(200);
    const abandonedBefore = upstream.abandoned;
    // The visitor leaves once the model has the question (the flow first reads the session's state).
    await expect.poll(() => upstream.received.length).toBe(receivedBefore + 1);
    leaving.abort();
    await expect.poll(() => upstream.abandoned).toBe(abandonedBefore + 1);
    await expect
      .poll(
        async () =>
          (
            await t.app.db
              .selectFrom('completions')
              .select('status')
              .where('question', '=', 'Will you answer?')
              .executeTakeFirst()
          )?.status,
      )
      .toBe('stopped');
    // The new session was written with that stopped answer: the visitor finds it in their list.
    const sessions = (await t.get(`/v1/users/${VISITOR}/chat/session?shareId=${share.shareId}`)).json();
    expect(sessions.list.map((session: { title: string }) => session.title)).toContain('Will you answer?');
  });
});

describe('POST /v1/users/recharge and GET /v1/users/{id}/credits', () => {
  it('lets only admins recharge users of their own tenant, with a whole positive amount', async () => {
    const operator = await t.createUser(admin, 'operator');
    expect(
      (await t.post('/v1/users/recharge', { token: operator.token, body: { userId: operator.user.id, amount: 5 } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.post('/v1/users/recharge', { token: admin, body: { userId: operator.user.id, amount: 0 } })).statusCode,
    ).toBe(422);
    expect(
      (await t.post('/v1/users/recharge', { token: admin, body: { userId: operator.user.id, amount: 1.5 } }))
        .statusCode,
    ).toBe(422);
    const other = await t.createTenant(admin);
    expect(
      (await t.post('/v1/users/recharge', { token: other.token, body: { userId: operator.user.id, amount: 5 } })).json()
        .code,
    ).toBe('USER_NOT_FOUND');
    expect((await t.get(`/v1/users/${adminId}/credits`, { token: operator.token })).statusCode).toBe(403);
    const own = (await t.get(`/v1/users/${operator.user.id}/credits`, { token: operator.token })).json();
    expect(own).toMatchObject({ balance: 0, ledger: [], total: 0 });
  });
});

it('keeps the admin account as the platform owner for these tests', () => {
  expect(ADMIN.username).toBe('admin');
});
