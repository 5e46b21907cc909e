import { setTimeout as sleep } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  CaseFile,
  CaseFileAnalysis,
  CaseFileReportDetail,
  CaseFileReportListResponse,
  CaseFileListResponse,
  CaseReportListResponse,
  Dataset,
  Robot,
  Total,
} from '@flotilla/shared/contracts';
import type { App } from '../../src/app';
import { ADMIN, useRestartableServers, useTestApp, type TestApp } from '../helper';
import { en } from '../support/datasets';
import { uploadForm } from '../support/documents';

// No worker loop: each test runs the analysis itself (runNext).
const t = useTestApp({ config: { jobWorkers: 0, jobHeartbeatMs: 60_000 } });
let admin: string;
let operator: string;
let agent: string;
let otherTenant: string;

beforeAll(async () => {
  admin = await t.login();
  operator = (await t.createUser(admin, 'operator')).token;
  agent = (await t.createUser(admin, 'agent')).token;
  otherTenant = (await t.createTenant(admin)).token;
});

const FALLBACK = 'Sorry, I do not know.';
const PAIRS = [
  { question: '退货期限是多久？', answer: '七天无理由退货。' },
  { question: 'Who pays shipping?', answer: 'The buyer pays shipping.' },
];
const csv = (rows: string[][]) => Buffer.from(rows.map((row) => row.join(',')).join('\n') + '\n');

type Api = Pick<TestApp, 'post' | 'put' | 'get'>;

/** A builtin robot whose only knowledge is the QA pairs above, with a known fallback reply. */
async function qaRobot(api: Api = t, token = operator): Promise<Robot> {
  const robot = (await api.post('/v1/processes', { token, body: { name: `QA ${Math.random()}` } })).json<Robot>();
  const dataset = (await api.post('/v1/datasets', { token, body: { name: `Pairs ${Math.random()}` } })).json<Dataset>();
  const qa = await api.post(`/v1/datasets/${dataset.id}/qa`, { token, body: { pairs: PAIRS } });
  if (qa.statusCode !== 200) throw new Error(`qa: ${qa.body}`);
  await api.put(`/v1/processes/${robot.processId}/basic`, {
    token,
    body: { model: 'builtin', fallbackReply: FALLBACK, datasetIds: [dataset.id] },
  });
  return robot;
}

async function uploaded(name: string, content: Buffer, token = operator, api: Api = t): Promise<CaseFile> {
  const form = uploadForm(name, content);
  const res = await api.post('/v1/case/file', { token, body: form.body, headers: { ...form.headers, ...en } });
  if (res.statusCode !== 200) throw new Error(`upload ${name}: ${res.statusCode} ${res.body}`);
  return res.json<CaseFile>();
}

const QUESTIONS = csv([
  ['question', 'expected'],
  ['退货期限是多久？', '七天'],
  ['What is the meaning of life?', '42'],
  ['Who pays shipping?', 'The buyer'],
]);

async function analyse(fileId: string, processId: string, token = operator): Promise<CaseFileAnalysis> {
  const res = await t.post('/v1/case/file/analysis', { token, body: { fileId, processId } });
  if (res.statusCode !== 200) throw new Error(`analysis: ${res.statusCode} ${res.body}`);
  return res.json<CaseFileAnalysis>();
}

describe('analysis of a case file', () => {
  it('answers each question as the robot answers visitors: QA answers with citations, the rest its fallback', async () => {
    const robot = await qaRobot();
    const file = await uploaded('questions.csv', QUESTIONS);
    const queued = await analyse(file.id, robot.processId);
    expect(queued).toMatchObject({ fileId: file.id, processId: robot.processId, status: 'queued', progress: 0 });
    const byFile = await t.get(`/v1/case/file/analysis?fileId=${file.id}`, { token: operator });
    expect(byFile.json()).toEqual(queued);

    expect(await t.app.jobs.runNext()).toBe(queued.taskId);
    const state = (
      await t.get(`/v1/case/file/analysis?id=${queued.reportId}`, { token: operator })
    ).json<CaseFileAnalysis>();
    expect(state).toMatchObject({ status: 'done', progress: 1, reportId: queued.reportId });

    const detail = (
      await t.get(`/v1/case/file/reports/${queued.reportId}`, { token: operator })
    ).json<CaseFileReportDetail>();
    expect(detail.report).toMatchObject({
      fileName: 'questions.csv',
      processName: robot.name,
      status: 'done',
      questionCount: 3,
      answeredCount: 2,
      fallbackCount: 1,
      fallbackRate: 1 / 3,
    });
    expect(detail.report.p95LatencyMs).toBeGreaterThanOrEqual(detail.report.averageLatencyMs);
    expect(detail.total).toBe(3);
    const [refund, unknown, shipping] = detail.list;
    expect(refund).toMatchObject({ position: 0, question: '退货期限是多久？', expected: '七天', fallback: false });
    expect(refund?.answer).toContain('七天无理由退货。');
    expect(refund?.citations).toHaveLength(1);
    expect(unknown).toMatchObject({ position: 1, answer: FALLBACK, fallback: true, citations: [], errorCode: null });
    expect(shipping?.answer).toContain('The buyer pays shipping.');
    expect(shipping?.citations.length).toBeGreaterThan(0);

    // Paged in file order.
    const page = (
      await t.get(`/v1/case/file/reports/${queued.reportId}?offset=1&limit=1`, { token: operator })
    ).json<CaseFileReportDetail>();
    expect(page.list.map((r) => r.position)).toEqual([1]);
    expect(page.total).toBe(3);

    // The file shows its newest analysis; the reports list by file and by robot.
    const files = (
      await t.get('/v1/case/file/list?keyword=questions', { token: operator })
    ).json<CaseFileListResponse>();
    expect(files.list.find((f) => f.id === file.id)?.analysis).toMatchObject({
      reportId: queued.reportId,
      status: 'done',
    });
    for (const filter of [`fileId=${file.id}`, `processId=${robot.processId}`]) {
      const reports = (
        await t.get(`/v1/case/file/reports?${filter}`, { token: operator })
      ).json<CaseFileReportListResponse>();
      expect(reports.total).toBe(1);
      expect(reports.list[0]).toMatchObject({ id: queued.reportId, answeredCount: 2 });
    }
    const all = (await t.get('/v1/case/reports?limit=200', { token: operator })).json<CaseReportListResponse>();
    expect(all.list.find((r) => r.id === queued.reportId)).toMatchObject({
      kind: 'file',
      name: 'questions.csv',
      processName: robot.name,
      status: 'done',
      headline: 2 / 3,
    });
    expect((await t.get('/v1/case/reports/total', { token: operator })).json<Total>().total).toBe(all.total);

    // Exported: the totals, then one row per question, read back with exceljs.
    const exported = await t.post('/v1/case/file/reports/export', {
      token: operator,
      body: { id: queued.reportId },
      headers: en,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toContain('case-file-report.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const [totals, results] = workbook.worksheets;
    expect(totals?.getRow(3).values).toEqual([undefined, 'Questions', 3]);
    expect(totals?.getRow(4).values).toEqual([undefined, 'Answered', 2]);
    expect(results?.rowCount).toBe(4);
    expect(results?.getRow(3).getCell(2).value).toBe('What is the meaning of life?');
    expect(results?.getRow(3).getCell(4).value).toBe(FALLBACK);
    expect(results?.getRow(3).getCell(6).value).toBe('yes');
  });

  it('refuses to delete a file while its analysis is queued; after a cancel it goes with its reports', async () => {
    const robot = await qaRobot();
    const file = await uploaded('busy.csv', QUESTIONS);
    const queued = await analyse(file.id, robot.processId);
    const busy = await t.del(`/v1/case/file?id=${file.id}`, { token: operator });
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ code: 'CASE_FILE_IN_USE' });
    expect((await t.del('/v1/case/file/list', { token: operator, body: { ids: [file.id] } })).statusCode).toBe(409);

    expect((await t.post(`/v1/tasks/${queued.taskId}/cancel`, { token: operator })).statusCode).toBe(200);
    const cancelled = await t.get(`/v1/case/file/analysis?fileId=${file.id}`, { token: operator });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect((await t.del(`/v1/case/file?id=${file.id}`, { token: operator })).statusCode).toBe(200);
    expect((await t.get(`/v1/case/file/reports/${queued.reportId}`, { token: operator })).statusCode).toBe(404);
    const left = await t.app.db.selectFrom('caseFileRows').select('fileId').where('fileId', '=', file.id).execute();
    expect(left).toEqual([]);
  });

  it('deletes several files all or none: one of another tenant makes it a 404 and nothing goes', async () => {
    const a = await uploaded('a-many.csv', QUESTIONS);
    const b = await uploaded('b-many.csv', QUESTIONS);
    const foreign = await uploaded('foreign.csv', QUESTIONS, otherTenant);
    const refused = await t.del('/v1/case/file/list', { token: operator, body: { ids: [a.id, foreign.id] } });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'CASE_FILE_NOT_FOUND' });
    expect((await t.get('/v1/case/file/total?keyword=-many', { token: operator })).json()).toEqual({ total: 2 });
    const res = await t.del('/v1/case/file/list', { token: operator, body: { ids: [a.id, b.id, a.id] } });
    expect(res.json()).toEqual({ deleted: 2 });
    expect((await t.get('/v1/case/file/total?keyword=-many', { token: operator })).json()).toEqual({ total: 0 });
    const tooMany = Array.from({ length: 101 }, (_, i) => `id-${i}`);
    expect((await t.del('/v1/case/file/list', { token: operator, body: { ids: tooMany } })).statusCode).toBe(422);
    expect((await t.del('/v1/case/file/list', { token: operator, body: { ids: [] } })).statusCode).toBe(422);
  });

  it('keeps each tenant to its own: another tenant gets 404 for the file, the robot, the analysis and the report', async () => {
    const robot = await qaRobot();
    const file = await uploaded('private.csv', QUESTIONS);
    const queued = await analyse(file.id, robot.processId);
    const theirRobot = await qaRobot(t, otherTenant);
    const theirFile = await uploaded('theirs.csv', QUESTIONS, otherTenant);
    const notFound = [
      await t.post('/v1/case/file/analysis', {
        token: otherTenant,
        body: { fileId: file.id, processId: theirRobot.processId },
      }),
      await t.post('/v1/case/file/analysis', {
        token: otherTenant,
        body: { fileId: theirFile.id, processId: robot.processId },
      }),
      await t.get(`/v1/case/file/analysis?fileId=${file.id}`, { token: otherTenant }),
      await t.get(`/v1/case/file/analysis?id=${queued.reportId}`, { token: otherTenant }),
      await t.get(`/v1/case/file/reports/${queued.reportId}`, { token: otherTenant }),
      await t.post('/v1/case/file/reports/export', { token: otherTenant, body: { id: queued.reportId } }),
      await t.del(`/v1/case/file?id=${file.id}`, { token: otherTenant }),
    ];
    expect(notFound.map((res) => res.statusCode)).toEqual(notFound.map(() => 404));
    const theirs = (await t.get('/v1/case/reports?limit=200', { token: otherTenant })).json<CaseReportListResponse>();
    expect(theirs.list.some((r) => r.id === queued.reportId)).toBe(false);
    const files = (await t.get('/v1/case/file/list?limit=200', { token: otherTenant })).json<CaseFileListResponse>();
    expect(files.list.map((f) => f.name)).not.toContain('private.csv');
    await t.post(`/v1/tasks/${queued.taskId}/cancel`, { token: operator });
  });

  it('is for admins and operators: agents get 403 on every call; bad input is a 422', async () => {
    const calls = [
      t.get('/v1/case/file/list', { token: agent }),
      t.get('/v1/case/file/total', { token: agent }),
      t.del('/v1/case/file?id=x', { token: agent }),
      t.post('/v1/case/file/analysis', { token: agent, body: { fileId: 'x', processId: 'y' } }),
      t.get('/v1/case/file/analysis?id=x', { token: agent }),
      t.get('/v1/case/file/reports', { token: agent }),
      t.get('/v1/case/file/reports/x', { token: agent }),
      t.post('/v1/case/file/reports/export', { token: agent, body: { id: 'x' } }),
      t.get('/v1/case/reports', { token: agent }),
      t.get('/v1/case/reports/total', { token: agent }),
    ];
    expect((await Promise.all(calls)).map((res) => res.statusCode)).toEqual(calls.map(() => 403));
    expect((await t.get('/v1/case/file/reports', { token: admin })).statusCode).toBe(200);
    const both = await t.get('/v1/case/file/analysis?id=a&fileId=b', { token: operator });
    expect(both.statusCode).toBe(422);
    expect((await t.get('/v1/case/file/analysis', { token: operator })).statusCode).toBe(422);
    expect((await t.get('/v1/case/file/list?limit=0', { token: operator })).statusCode).toBe(422);
    expect((await t.post('/v1/case/file/analysis', { token: operator, body: { fileId: 'x' } })).statusCode).toBe(422);
    const unknown = await t.post('/v1/case/file/analysis', { token: operator, body: { fileId: 'x', processId: 'y' } });
    expect(unknown.json()).toMatchObject({ code: 'CASE_FILE_NOT_FOUND' });
  });
});

describe('an analysis whose server stops', () => {
  const servers = useRestartableServers();

  it('resumes where the stopped server left off and answers each question exactly once', async () => {
    const first = await servers.start({ jobWorkers: 1, jobStepDelayMs: 100, jobHeartbeatMs: 60_000 });
    const api = apiOf(first);
    const token = (await first.inject({ method: 'POST', url: '/v1/login', payload: ADMIN })).json<{ token: string }>()
      .token;
    const robot = await qaRobot(api, token);
    const questions = Array.from({ length: 8 }, (_, i) => [i % 2 === 0 ? 'Who pays shipping?' : `Unknown ${i}?`]);
    const file = await uploaded('resume.csv', csv([['question'], ...questions]), token, api);
    const res = await api.post('/v1/case/file/analysis', {
      token,
      body: { fileId: file.id, processId: robot.processId },
    });
    const queued = res.json<CaseFileAnalysis>();
    await until(first, queued.taskId, (done) => done >= 2);
    await servers.stop();

    const second = await servers.start({});
    const answeredBefore = await resultsOf(second, queued.reportId);
    expect(answeredBefore.length).toBeLessThan(8);
    expect((await second.jobs.waitFor(queued.taskId, 20_000)).status).toBe('done');
    const results = await resultsOf(second, queued.reportId);
    expect(results.map((r) => r.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(results.filter((r) => r.fallback === 1).map((r) => r.position)).toEqual([1, 3, 5, 7]);
    const detail = (
      await apiOf(second).get(`/v1/case/file/reports/${queued.reportId}`, { token })
    ).json<CaseFileReportDetail>();
    expect(detail.report).toMatchObject({ status: 'done', questionCount: 8, answeredCount: 4, fallbackCount: 4 });
  });
});

/** The test helpers' calls on one of the restartable servers. */
function apiOf(app: App): Api {
  const call =
    (method: 'GET' | 'POST' | 'PUT') =>
    (url: string, request: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
      app.inject({
        method,
        url,
        headers: { ...(request.token ? { authorization: `Bearer ${request.token}` } : {}), ...request.headers },
        ...(request.body !== undefined && { payload: request.body as object }),
      });
  return { get: call('GET'), post: call('POST'), put: call('PUT') };
}

/** Polls the job until `ready` holds for the questions done so far (its checkpoint) while it runs. */
async function until(app: App, id: string, ready: (done: number) => boolean): Promise<void> {
  for (;;) {
    const job = await app.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    if (job.status === 'running' && ready((JSON.parse(job.checkpoint) as { done?: number }).done ?? 0)) return;
    await sleep(10);
  }
}

const resultsOf = (app: App, reportId: string) =>
  app.db
    .selectFrom('caseFileResults')
    .select(['position', 'fallback'])
    .where('reportId', '=', reportId)
    .orderBy('position')
    .execute();
