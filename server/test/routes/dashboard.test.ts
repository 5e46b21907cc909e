import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Dataset, DashboardSummaryResponse, QaEvent, Robot, ShareSettings } from '@flotilla/shared/contracts';
import { useTestApp } from '../helper';
import { startFakeOpenAi } from '../support/fake-openai';

// Answers are stamped with the system clock: the data set is laid on known instants of a frozen calendar,
// moved forward only (the server's timestamps never go back).
vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-01-09T12:00:00Z') });
afterAll(() => vi.useRealTimers());

const upstream = await startFakeOpenAi();
const PRICE = 2;
const MODELS = [{ id: 'paid', name: 'Paid', price: PRICE, baseUrl: upstream.baseUrl, apiKey: 'sk-up', model: 'up' }];
const t = useTestApp({ config: { openaiModels: MODELS, answerTimeoutMs: 2000 } });
afterAll(() => upstream.close());

const FALLBACK = 'Sorry, I do not know.';
const V1 = randomUUID();
const V2 = randomUUID();

let admin: string;
let operator: string;
let agent: string;
let other: string;
let r1: Robot;
let r2: Robot;
let s1: ShareSettings;
let s2: ShareSettings;
let otherRobot: Robot;

function doneEvent(body: string) {
  const events = body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice(6)) as QaEvent);
  return events.at(-1) as { type: string; completionId: string; sessionId: string };
}

async function robotWithShare(token: string, name: string, model: string) {
  const robot = (await t.post('/v1/processes', { token, body: { name } })).json<Robot>();
  await t.put(`/v1/processes/${robot.processId}/basic`, { token, body: { fallbackReply: FALLBACK, model } });
  const share = (
    await t.put(`/v1/users/${robot.adminId}/processes/${robot.processId}/share/enable`, { token })
  ).json<ShareSettings>();
  return { robot, share };
}

const ask = async (body: Record<string, unknown>, token?: string) => {
  const res = await t.post('/v2/qa', { token, body });
  expect(res.statusCode).toBe(200);
  return doneEvent(res.body);
};

const feedback = (completionId: string, shareId: string, userId: string, value: 'like' | 'dislike' | null) =>
  t.put(`/v1/completions/${completionId}/feedback`, { body: { shareId, userId, feedback: value } });

const summary = (token: string, query: string) => t.get(`/v1/dashboard/summary?${query}`, { token });

beforeAll(async () => {
  admin = await t.login();
  operator = (await t.createUser(admin, 'operator')).token;
  agent = (await t.createUser(admin, 'agent')).token;
  const tenantB = await t.createTenant(admin, 'Tenant B');
  other = tenantB.token;
  ({ robot: r1, share: s1 } = await robotWithShare(admin, 'Paid robot', 'paid'));
  ({ robot: r2, share: s2 } = await robotWithShare(admin, 'Builtin robot', 'builtin'));
  const b = await robotWithShare(other, 'Other tenant robot', 'builtin');
  otherRobot = b.robot;
  await t.post('/v1/users/recharge', { token: admin, body: { userId: r1.adminId, amount: 100 } });

  // Viewer in UTC+08:00: local 2030-01-10 is 2030-01-09T16:00Z to 2030-01-10T16:00Z.
  upstream.setMode({ kind: 'answer', text: 'A real answer.' });
  vi.setSystemTime(new Date('2030-01-10T01:00:00Z'));
  const first = await ask({ shareId: s1.shareId, visitorId: V1, question: 'Where is my parcel?' });
  const second = await ask({
    shareId: s1.shareId,
    visitorId: V1,
    sessionId: first.sessionId,
    question: 'And the invoice?',
  });
  vi.setSystemTime(new Date('2030-01-10T15:30:00Z'));
  const unanswered = await ask({ shareId: s2.shareId, visitorId: V2, question: 'What is the meaning of life?' });
  // Another tenant's answer on the same day is never counted.
  await ask({ shareId: b.share.shareId, visitorId: V2, question: 'What is the meaning of life?' });
  vi.setSystemTime(new Date('2030-01-10T16:30:00Z'));
  upstream.setMode({ kind: 'fail', status: 500 });
  const failed = await ask({ shareId: s1.shareId, visitorId: V2, question: 'Will this fail?' });
  expect(failed.type).toBe('error');
  vi.setSystemTime(new Date('2030-01-11T03:00:00Z'));
  await ask({ processId: r2.processId, question: 'Staff asks something unknown' }, admin);
  vi.setSystemTime(new Date('2030-01-12T03:00:00Z'));
  upstream.setMode({ kind: 'answer', text: 'Another real answer.' });
  await ask({ shareId: s1.shareId, visitorId: V1, question: 'A new chat' });

  // Feedback, changed once: first liked; second liked then disliked; the fallback answer disliked.
  expect((await feedback(first.completionId, s1.shareId, V1, 'like')).statusCode).toBe(200);
  await feedback(second.completionId, s1.shareId, V1, 'like');
  await feedback(second.completionId, s1.shareId, V1, 'dislike');
  await feedback(unanswered.completionId, s2.shareId, V2, 'dislike');

  // Knowledge files: two parsed on local 2030-01-11, one failed (not counted).
  const dataset = (await t.post('/v1/datasets', { token: admin, body: { name: 'Docs' } })).json<Dataset>();
  const { tenantId } = (await t.get('/v1/users/me', { token: admin })).json<{ tenantId: string }>();
  const file = (createdAt: string, status: 'done' | 'failed') => ({
    id: randomUUID(),
    tenantId,
    datasetId: dataset.id,
    catalogueId: null,
    name: 'manual.txt',
    type: 'txt' as const,
    size: 10,
    contentType: 'text/plain',
    storageKey: `k/${randomUUID()}`,
    status,
    error: null,
    segmentCount: 0,
    chunkSize: 500,
    overlap: 50,
    separators: '[]',
    jobId: null,
    createdBy: r1.adminId,
    createdAt,
    updatedAt: createdAt,
  });
  await t.app.db
    .insertInto('datasetFiles')
    .values([
      file('2030-01-10T17:00:00.000Z', 'done'),
      file('2030-01-11T10:00:00.000Z', 'done'),
      file('2030-01-11T11:00:00.000Z', 'failed'),
    ])
    .execute();
});

describe('GET /v1/dashboard/summary', () => {
  it("sums the tenant's answers by the viewer's days", async () => {
    const res = await summary(admin, 'from=2030-01-10&to=2030-01-12&utcOffset=480');
    expect(res.statusCode).toBe(200);
    const body = res.json<DashboardSummaryResponse>();
    // Local days (UTC+8): 01:00Z and 15:30Z are the 10th; 16:30Z the 11th.
    expect(body.answersByDay).toEqual(
      [
        { day: '2030-01-10', processId: r1.processId, answers: 2 },
        { day: '2030-01-10', processId: r2.processId, answers: 1 },
        { day: '2030-01-11', processId: r1.processId, answers: 1 },
        { day: '2030-01-11', processId: r2.processId, answers: 1 },
        { day: '2030-01-12', processId: r1.processId, answers: 1 },
      ].sort((a, b) => a.day.localeCompare(b.day) || a.processId.localeCompare(b.processId)),
    );
    // Two paid answers on the 10th, the failed one refunded, one on the 12th.
    expect(body.creditsByDay).toEqual([
      { day: '2030-01-10', credits: 2 * PRICE },
      { day: '2030-01-12', credits: PRICE },
    ]);
    expect(body.topRobots).toEqual([
      { processId: r1.processId, answers: 4 },
      { processId: r2.processId, answers: 2 },
    ]);
    expect(body.feedback).toEqual({ likes: 1, dislikes: 2 });
    expect(body.answers).toEqual({ total: 6, fallbacks: 2 });
    // Share 1: the first chat, the failed one, the chat of the 12th; share 2: one. Staff chats have no share.
    expect(body.sessionsByShare).toEqual([
      { shareId: s1.shareId, processId: r1.processId, sessions: 3 },
      { shareId: s2.shareId, processId: r2.processId, sessions: 1 },
    ]);
    expect(body.filesByDay).toEqual([{ day: '2030-01-11', files: 2 }]);
    expect(body.robots).toEqual(
      [
        { processId: r1.processId, name: 'Paid robot' },
        { processId: r2.processId, name: 'Builtin robot' },
      ].sort((a, b) => a.processId.localeCompare(b.processId)),
    );
  });

  it('counts days in the offset asked for', async () => {
    const body = (
      await summary(operator, 'from=2030-01-10&to=2030-01-10&utcOffset=0')
    ).json<DashboardSummaryResponse>();
    // UTC 2030-01-10: 01:00 twice and 16:30 for robot 1, 15:30 for robot 2.
    expect(body.topRobots).toEqual([
      { processId: r1.processId, answers: 3 },
      { processId: r2.processId, answers: 1 },
    ]);
    expect(body.filesByDay).toEqual([{ day: '2030-01-10', files: 1 }]);
    const west = (
      await summary(admin, 'from=2030-01-11&to=2030-01-11&utcOffset=-600')
    ).json<DashboardSummaryResponse>();
    // UTC−10: the 11th runs from 10:00Z on the 11th to 10:00Z on the 12th: the answer of the 12th at 03:00Z,
    // the file of 10:00Z (and the failed one).
    expect(west.topRobots).toEqual([{ processId: r1.processId, answers: 1 }]);
    expect(west.filesByDay).toEqual([{ day: '2030-01-11', files: 1 }]);
  });

  it('limits every chart to one robot', async () => {
    const body = (
      await summary(admin, `from=2030-01-10&to=2030-01-12&utcOffset=480&processId=${r2.processId}`)
    ).json<DashboardSummaryResponse>();
    expect(body.answers).toEqual({ total: 2, fallbacks: 2 });
    expect(body.topRobots).toEqual([{ processId: r2.processId, answers: 2 }]);
    expect(body.creditsByDay).toEqual([]);
    expect(body.feedback).toEqual({ likes: 0, dislikes: 1 });
    expect(body.sessionsByShare).toEqual([{ shareId: s2.shareId, processId: r2.processId, sessions: 1 }]);
    // Robot 2 reads no dataset.
    expect(body.filesByDay).toEqual([]);
  });

  it("never counts another tenant's answers, and answers 404 for its robot", async () => {
    const mine = (await summary(other, 'from=2030-01-10&to=2030-01-12&utcOffset=480')).json<DashboardSummaryResponse>();
    expect(mine.topRobots).toEqual([{ processId: otherRobot.processId, answers: 1 }]);
    expect(mine.answers).toEqual({ total: 1, fallbacks: 1 });
    expect(mine.filesByDay).toEqual([]);
    const res = await summary(admin, `from=2030-01-10&to=2030-01-12&processId=${otherRobot.processId}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('ROBOT_NOT_FOUND');
  });

  it('keeps counting answers given after a dashboard was read, and sums a fifth offset from the quarter hours', async () => {
    const wholeRange = (offset: number) =>
      summary(admin, `from=2030-01-09&to=2030-01-13&utcOffset=${offset}`).then((res) =>
        res.json<DashboardSummaryResponse>(),
      );
    // Offsets read so far: 480, 0, −600; 60 is the fourth and last counted by day, 120 is summed from slots.
    expect((await wholeRange(60)).answers).toEqual({ total: 6, fallbacks: 2 });
    vi.setSystemTime(new Date('2030-01-12T05:00:00Z'));
    upstream.setMode({ kind: 'answer', text: 'Later.' });
    const later = await ask({ shareId: s1.shareId, visitorId: V1, question: 'One more' });
    await feedback(later.completionId, s1.shareId, V1, 'like');
    for (const offset of [480, 0, -600, 60, 120]) {
      const body = await wholeRange(offset);
      expect({ offset, answers: body.answers, feedback: body.feedback, top: body.topRobots[0] }).toEqual({
        offset,
        answers: { total: 7, fallbacks: 2 },
        feedback: { likes: 2, dislikes: 2 },
        top: { processId: r1.processId, answers: 5 },
      });
    }
    const { tenantId } = (await t.get('/v1/users/me', { token: admin })).json<{ tenantId: string }>();
    const rows = await t.app.db
      .selectFrom('dashboardOffsets')
      .select('utcOffset')
      .where('tenantId', '=', tenantId)
      .orderBy('utcOffset')
      .execute();
    expect(rows.map((row) => row.utcOffset)).toEqual([-600, 0, 60, 480]);
    const body = (await summary(admin, 'from=2030-01-12&to=2030-01-12&utcOffset=480')).json<DashboardSummaryResponse>();
    expect(body.creditsByDay).toEqual([{ day: '2030-01-12', credits: 2 * PRICE }]);
  });

  it('is for admins and operators only', async () => {
    expect((await summary(agent, 'from=2030-01-10&to=2030-01-12')).statusCode).toBe(403);
    expect((await t.get('/v1/dashboard/summary?from=2030-01-10&to=2030-01-12')).statusCode).toBe(401);
    expect((await summary(operator, 'from=2030-01-10&to=2030-01-12')).statusCode).toBe(200);
  });

  it('refuses bad ranges and offsets with 422', async () => {
    const code = async (query: string) => {
      const res = await summary(admin, query);
      expect(res.statusCode).toBe(422);
      return res.json<{ detail: Array<{ loc: unknown[]; type: string }> }>().detail[0];
    };
    expect(await code('from=2030-01-12&to=2030-01-10')).toMatchObject({
      loc: ['query', 'to'],
      type: 'DASHBOARD_RANGE_INVALID',
    });
    expect(await code('from=2030-02-30&to=2030-03-01')).toMatchObject({
      loc: ['query', 'from'],
      type: 'DASHBOARD_RANGE_INVALID',
    });
    // 2028 is a leap year: 1 Jan to 31 Dec is 366 days, one more is too long.
    expect((await summary(admin, 'from=2028-01-01&to=2028-12-31')).statusCode).toBe(200);
    expect((await code('from=2028-01-01&to=2029-01-01')).type).toBe('DASHBOARD_RANGE_TOO_LONG');
    expect((await code('from=2030-01-10&to=2030-01-12&utcOffset=7')).loc).toEqual(['query', 'utcOffset']);
    expect((await code('from=2030-01-10&to=2030-01-12&utcOffset=900')).loc).toEqual(['query', 'utcOffset']);
    expect((await code('from=2030-1-10&to=2030-01-12')).loc).toEqual(['query', 'from']);
    expect((await code('from=2030-01-10')).loc).toEqual(['query', 'to']);
  });
});
