import { beforeAll, describe, expect, it } from 'vitest';
import type {
  CaseFile,
  ComparisonDetail,
  ComparisonListResponse,
  ComparisonQuestion,
  Robot,
  ValidationError,
} from '@flotilla/shared/contracts';
import { useTestApp } from '../helper';
import { en } from '../support/datasets';
import { uploadForm } from '../support/documents';
import { newDataset, seedSegments, tenantOf } from '../support/segment-fixtures';

// Steps are slowed a little so a cancel or a delete lands while a comparison runs.
const t = useTestApp({ config: { jobWorkers: 1, jobStepDelayMs: 20, jobHeartbeatMs: 60_000 } });

const FALLBACK = 'Sorry, nothing about that here.';
/** Letters without vowels: a word of them is its own token and no stemmer changes it. */
const LETTERS = 'bcdfghjklmnpqrtvwxz';
const word = (n: number) =>
  `x${[0, 1, 2].map((k) => LETTERS[Math.floor(n / LETTERS.length ** k) % LETTERS.length]).join('')}`;

/**
 * Fifty questions that share no word with one another: question i is two words of its own, its expected answer
 * three others. A robot that has question i's QA pair answers with exactly the expected answer (and cites it);
 * one that has not finds nothing and falls back.
 */
const SET: ComparisonQuestion[] = Array.from({ length: 50 }, (_, i) => ({
  question: `${word(i * 5)} ${word(i * 5 + 1)}?`,
  expected: `${word(i * 5 + 2)} ${word(i * 5 + 3)} ${word(i * 5 + 4)}.`,
}));

let admin: string;
let operator: string;
let agent: string;
let other: string;
let full: Robot;
let partial: Robot;

async function robotWith(name: string, pairs: ComparisonQuestion[]): Promise<Robot> {
  const tenantId = await tenantOf(t, admin);
  const dataset = await newDataset(t, admin);
  await seedSegments(
    t,
    tenantId,
    dataset,
    null,
    pairs.map((p) => ({ question: p.question, answer: p.expected })),
  );
  const robot = (await t.post('/v1/processes', { token: admin, body: { name } })).json<Robot>();
  const basic = await t.put(`/v1/processes/${robot.processId}/basic`, {
    token: admin,
    body: { model: 'builtin', fallbackReply: FALLBACK, datasetIds: [dataset.id], librarySearch: true },
  });
  expect(basic.statusCode, basic.body).toBe(200);
  return robot;
}

async function start(body: unknown, token = operator) {
  return t.post('/v1/case/comparison/start', { token, body, headers: en });
}

async function detail(id: string, token = operator): Promise<ComparisonDetail> {
  const res = await t.post('/v1/case/comparison/detail', { token, body: { id }, headers: en });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ComparisonDetail>();
}

/** The comparison's job, as the worker sees it. */
async function jobOf(id: string): Promise<string> {
  const row = await t.app.db
    .selectFrom('caseComparisons')
    .select('jobId')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.jobId!;
}

/** Waits for the comparison's job to end, then answers the comparison. */
async function finished(id: string): Promise<ComparisonDetail> {
  await t.app.jobs.waitFor(await jobOf(id), 25_000);
  return detail(id);
}

/** Polls the detail until `ready` holds. */
async function until(id: string, ready: (d: ComparisonDetail) => boolean): Promise<ComparisonDetail> {
  for (;;) {
    const current = await detail(id);
    if (ready(current)) return current;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const refusal = (body: string) => (JSON.parse(body) as ValidationError).detail[0];

beforeAll(async () => {
  admin = await t.login();
  operator = (await t.createUser(admin, 'operator')).token;
  agent = (await t.createUser(admin, 'agent')).token;
  other = (await t.createTenant(admin)).token;
  full = await robotWith('Knows all', SET);
  partial = await robotWith('Knows twenty', SET.slice(0, 20));
});

describe('a comparison of two robots over a 50-question case file', () => {
  it('scores the robot with every QA pair 1 and the one with twenty of them 0.4, question by question', async () => {
    const form = uploadForm('set.json', Buffer.from(JSON.stringify(SET)));
    const uploaded = await t.post('/v1/case/file', { token: operator, body: form.body, headers: form.headers });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const file = uploaded.json<CaseFile>();

    const res = await start({ processId: full.processId, compareProcessId: partial.processId, fileId: file.id });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json<{ id: string }>();
    expect(Object.keys(res.json())).toEqual(['id']);

    const done = await finished(id);
    // Robot A answers each question with its QA pair's answer and cites the pair: F1 1, cited → (1 + 1) / 2 = 1.
    // Robot B has pairs 1–20 (score 1 each); for 21–50 it falls back, sharing no word with the expected: 0.
    // Means: A 50/50 = 1, B 20/50 = 0.4; A better on the 30 questions B cannot answer, worse on none.
    expect(done).toMatchObject({
      id,
      status: 'done',
      name: 'Knows all / Knows twenty',
      processId: full.processId,
      processName: 'Knows all',
      compareProcessId: partial.processId,
      compareProcessName: 'Knows twenty',
      score: 1,
      compareScore: 0.4,
      questionCount: 50,
      answeredCount: 50,
      betterCount: 30,
      worseCount: 0,
      progress: 1,
    });
    expect(done.finishedAt).not.toBeNull();
    expect(done.items).toHaveLength(50);
    done.items.forEach((item, i) => {
      expect(item.question).toBe(SET[i]!.question);
      expect(item.expected).toBe(SET[i]!.expected);
      expect(item.answer).toContain(SET[i]!.expected);
      expect(item.score).toBe(1);
      if (i < 20) {
        expect(item.compareAnswer).toContain(SET[i]!.expected);
        expect(item.compareScore).toBe(1);
      } else {
        expect(item.compareAnswer).toBe(FALLBACK);
        expect(item.compareScore).toBe(0);
      }
    });

    const list = (
      await t.get('/v1/case/comparison/list?offset=0&limit=5', { token: operator, headers: en })
    ).json<ComparisonListResponse>();
    expect(list.list[0]).toMatchObject({ id, status: 'done', score: 1, compareScore: 0.4 });
    expect(list.list[0]).not.toHaveProperty('items');
    const total = await t.get('/v1/case/comparison/total', { token: operator });
    expect(total.json()).toEqual({ total: list.total });
  });
});

describe('one robot over typed questions', () => {
  it('answers without second answers, and a restart of a done comparison starts over', async () => {
    const questions = SET.slice(18, 22);
    const { id } = (await start({ processId: partial.processId, questions, name: '  Edge  ' })).json<{ id: string }>();
    const done = await finished(id);
    // Questions 19 and 20 are known (1), 21 and 22 are not (0): mean 0.5.
    expect(done).toMatchObject({
      name: 'Edge',
      status: 'done',
      score: 0.5,
      compareScore: null,
      compareProcessId: null,
    });
    expect(done.items.map((item) => item.score)).toEqual([1, 1, 0, 0]);
    for (const item of done.items) expect(item).not.toHaveProperty('compareAnswer');

    const again = await t.post('/v1/case/comparison/restart', { token: operator, body: { id } });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ id });
    const queued = await detail(id);
    expect(queued.score).toBeNull();
    expect(queued.status === 'queued' || queued.status === 'running' || queued.status === 'done').toBe(true);
    const rerun = await finished(id);
    expect(rerun).toMatchObject({ status: 'done', score: 0.5, answeredCount: 4 });
  });

  it('resumes a cancelled (failed) comparison from its first unanswered question, answering none twice', async () => {
    const { id } = (await start({ processId: full.processId, questions: SET })).json<{ id: string }>();
    await until(id, (d) => d.answeredCount >= 3);
    const cancelled = await t.post(`/v1/tasks/${await jobOf(id)}/cancel`, { token: admin });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const failed = await until(id, (d) => d.status === 'failed');
    expect(failed.error).toBe('The task was cancelled');
    expect(failed.score).toBeNull();
    const kept = failed.answeredCount;
    expect(kept).toBeLessThan(50);
    const answeredAt = await t.app.db
      .selectFrom('caseComparisonItems')
      .select(['position', 'answeredAt'])
      .where('comparisonId', '=', id)
      .where('answer', 'is not', null)
      .orderBy('position')
      .execute();

    expect((await t.post('/v1/case/comparison/restart', { token: operator, body: { id } })).statusCode).toBe(200);
    const done = await finished(id);
    expect(done).toMatchObject({ status: 'done', score: 1, answeredCount: 50 });
    expect(done.items.map((item) => item.position)).toEqual(SET.map((_, i) => i));
    const after = await t.app.db
      .selectFrom('caseComparisonItems')
      .select(['position', 'answeredAt'])
      .where('comparisonId', '=', id)
      .where('position', '<', answeredAt.length)
      .orderBy('position')
      .execute();
    // What was answered before the cancel was kept, not asked again.
    expect(after).toEqual(answeredAt);
  });

  it('refuses a restart while the comparison runs (409)', async () => {
    const { id } = (await start({ processId: full.processId, questions: SET })).json<{ id: string }>();
    const res = await t.post('/v1/case/comparison/restart', { token: operator, body: { id }, headers: en });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT' });
    await t.del(`/v1/case/comparison/delete/${id}`, { token: operator });
  });
});

describe('DELETE /v1/case/comparison/delete/{id}', () => {
  it('cancels a running comparison first, then removes it with its answers', async () => {
    const { id } = (await start({ processId: full.processId, questions: SET })).json<{ id: string }>();
    await until(id, (d) => d.answeredCount >= 1);
    const jobId = await jobOf(id);
    const res = await t.del(`/v1/case/comparison/delete/${id}`, { token: operator });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const job = await t.app.jobs.waitFor(jobId);
    expect(job.status).toBe('cancelled');
    expect((await t.post('/v1/case/comparison/detail', { token: operator, body: { id } })).statusCode).toBe(404);
    const items = await t.app.db
      .selectFrom('caseComparisonItems')
      .select('id')
      .where('comparisonId', '=', id)
      .execute();
    expect(items).toEqual([]);
    expect((await t.del(`/v1/case/comparison/delete/${id}`, { token: operator })).statusCode).toBe(404);
  });
});

describe('who may', () => {
  it('lets admins and operators in; agents get 403 and callers without a token 401', async () => {
    const calls = [
      () => t.post('/v1/case/comparison/start', { token: agent, body: { processId: full.processId, questions: SET } }),
      () => t.post('/v1/case/comparison/detail', { token: agent, body: { id: 'x' } }),
      () => t.post('/v1/case/comparison/restart', { token: agent, body: { id: 'x' } }),
      () => t.get('/v1/case/comparison/total', { token: agent }),
      () => t.get('/v1/case/comparison/list', { token: agent }),
      () => t.del('/v1/case/comparison/delete/x', { token: agent }),
    ];
    for (const call of calls) expect((await call()).statusCode).toBe(403);
    expect((await t.get('/v1/case/comparison/list')).statusCode).toBe(401);
    expect((await t.get('/v1/case/comparison/total', { token: admin })).statusCode).toBe(200);
  });

  it("keeps tenants apart: another tenant's comparison or robot is a 404, and its lists stay empty", async () => {
    const { id } = (await start({ processId: partial.processId, questions: SET.slice(0, 2) })).json<{ id: string }>();
    await finished(id);
    for (const res of [
      await t.post('/v1/case/comparison/detail', { token: other, body: { id } }),
      await t.post('/v1/case/comparison/restart', { token: other, body: { id } }),
      await t.del(`/v1/case/comparison/delete/${id}`, { token: other }),
      await t.post('/v1/case/comparison/start', { token: other, body: { processId: full.processId, questions: SET } }),
    ])
      expect(res.statusCode, res.body).toBe(404);
    expect((await t.get('/v1/case/comparison/total', { token: other })).json()).toEqual({ total: 0 });
    expect((await t.get('/v1/case/comparison/list', { token: other })).json()).toEqual({ list: [], total: 0 });
    expect((await detail(id)).status).toBe('done');
  });
});

describe('bad input', () => {
  it('answers 422 with where and why, and starts nothing', async () => {
    const before = (await t.get('/v1/case/comparison/total', { token: operator })).json<{ total: number }>().total;
    const processId = full.processId;
    const cases: Array<[unknown, string]> = [
      [{ processId }, 'questions'],
      [{ processId, questions: SET, fileId: 'f' }, 'questions'],
      [{ processId, questions: [] }, 'questions'],
      [{ processId, questions: Array.from({ length: 501 }, () => SET[0]) }, 'questions'],
      [{ processId, questions: [{ question: '   ', expected: 'x' }] }, 'questions'],
      [{ processId, questions: [{ question: 'q'.repeat(1001), expected: 'x' }] }, 'questions'],
      [{ processId, questions: [{ question: 'q' }] }, 'questions'],
      [{ processId, questions: SET, name: 'n'.repeat(101) }, 'name'],
      [{ questions: SET }, 'processId'],
    ];
    for (const [body, field] of cases) {
      const res = await start(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(refusal(res.body)?.loc.join('.')).toContain(field);
    }
    const both = await start({ processId, questions: SET, fileId: 'f' });
    expect(refusal(both.body)?.msg).toBe('Give either a list of questions or a case file, not both');
    expect((await start({ processId, fileId: 'no-such-file' })).statusCode).toBe(404);
    expect((await start({ processId: 'no-such-robot', questions: SET })).json()).toMatchObject({
      code: 'ROBOT_NOT_FOUND',
    });
    expect((await t.get('/v1/case/comparison/list?limit=201', { token: operator })).statusCode).toBe(422);
    expect((await t.get('/v1/case/comparison/list?status=nope', { token: operator })).statusCode).toBe(422);
    expect((await t.get('/v1/case/comparison/total', { token: operator })).json()).toEqual({ total: before });
  });
});

describe('GET /v1/case/comparison/list', () => {
  it('filters by robot, status and a word of the name, newest first, paged', async () => {
    const a = (await start({ processId: partial.processId, questions: SET.slice(0, 1), name: 'Alpha run' })).json<{
      id: string;
    }>().id;
    const b = (await start({ processId: partial.processId, questions: SET.slice(0, 1), name: 'Beta run' })).json<{
      id: string;
    }>().id;
    await finished(a);
    await finished(b);
    const read = async (query: string) =>
      (await t.get(`/v1/case/comparison/list?${query}`, { token: operator })).json<ComparisonListResponse>();
    expect((await read('keyword=alpha')).list.map((c) => c.id)).toEqual([a]);
    const page = await read(`processId=${partial.processId}&status=done&limit=1`);
    expect(page.list.map((c) => c.id)).toEqual([b]);
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect((await read(`processId=${partial.processId}&status=done&limit=1&offset=1`)).list[0]!.id).toBe(a);
    expect((await read('status=running&keyword=run')).list).toEqual([]);
  });
});
