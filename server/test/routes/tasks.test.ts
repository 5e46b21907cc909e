import { beforeAll, describe, expect, it } from 'vitest';
import type { Dataset, DatasetFile, Task, User } from '@flotilla/shared/contracts';
import { useTestApp } from '../helper';
import { createDataset, en, segmentRows, upload } from '../support/datasets';

// No worker loop: the tests run each job themselves (runNext), so every state can be seen. Steps are slowed
// a little, so a running job can be cancelled; the heartbeat is slow, so only the tests take jobs back.
const t = useTestApp({ config: { jobWorkers: 0, jobStepDelayMs: 40, jobHeartbeatMs: 60_000 } });
let admin: string;
let operator: { token: string; user: User };
let otherOperator: string;
let agent: string;
let otherTenant: string;

beforeAll(async () => {
  admin = await t.login();
  operator = await t.createUser(admin, 'operator');
  otherOperator = (await t.createUser(admin, 'operator')).token;
  agent = (await t.createUser(admin, 'agent')).token;
  otherTenant = (await t.createTenant(admin, 'Tasks Tenant B')).token;
});

/** Uploads a file as `token`; its job stays queued until a test runs it. */
async function queued(
  token: string,
  dataset: Dataset,
  text = 'Some text. More text.',
  name = 'a.txt',
): Promise<DatasetFile> {
  const res = await upload(t, token, dataset.id, name, Buffer.from(text));
  expect(res.statusCode).toBe(200);
  return res.json<DatasetFile>();
}
const task = async (token: string, id: string) =>
  (await t.get('/v1/tasks?limit=200', { token, headers: en })).json<{ list: Task[] }>().list.find((x) => x.id === id);
const fileOf = async (dataset: Dataset, id: string) =>
  (await t.get(`/v1/datasets/${dataset.id}/files/${id}`, { token: admin, headers: en })).json<DatasetFile>();
/** Runs every queued job. */
async function drain() {
  while (await t.app.jobs.runNext());
}
const longText = (sentences: number) =>
  Array.from({ length: sentences }, (_, i) => `Sentence number ${i} talks about returns and refunds.`).join(' ');

describe('GET /v1/tasks', () => {
  it("lists the caller's jobs newest first (admins: the tenant's), with a status filter and paging", async () => {
    const dataset = await createDataset(t, admin);
    const mine = await queued(operator.token, dataset, 'x', 'mine-1.txt');
    const mine2 = await queued(operator.token, dataset, 'y', 'mine-2.txt');
    const theirs = await queued(otherOperator, dataset, 'z', 'theirs.txt');

    const list = (await t.get('/v1/tasks', { token: operator.token })).json<{ list: Task[]; total: number }>();
    expect(list.list.map((x) => x.id)).toEqual([mine2.jobId, mine.jobId]);
    expect(list.total).toBe(2);
    expect(list.list[0]).toEqual({
      id: mine2.jobId,
      type: 'parseFile',
      status: 'queued',
      progress: 0,
      title: 'mine-2.txt',
      datasetId: dataset.id,
      fileId: mine2.id,
      databaseId: null,
      attempts: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const all = (await t.get('/v1/tasks?limit=200', { token: admin })).json<{ list: Task[] }>().list.map((x) => x.id);
    expect(all).toEqual(expect.arrayContaining([mine.jobId, mine2.jobId, theirs.jobId]));
    expect((await t.get('/v1/tasks?limit=1&offset=1', { token: operator.token })).json().list[0].id).toBe(mine.jobId);

    await drain();
    expect((await t.get('/v1/tasks?status=done', { token: operator.token })).json().total).toBe(2);
    expect((await t.get('/v1/tasks?status=queued', { token: operator.token })).json().total).toBe(0);
    expect((await t.get('/v1/tasks?status=nope', { token: operator.token })).statusCode).toBe(422);
  });

  it('is for any staff; another tenant sees none of these jobs', async () => {
    expect((await t.get('/v1/tasks', { token: agent })).json()).toEqual({ list: [], total: 0 });
    expect((await t.get('/v1/tasks', { token: otherTenant })).json()).toEqual({ list: [], total: 0 });
    expect((await t.get('/v1/tasks')).statusCode).toBe(401);
  });
});

describe('cancel and retry', () => {
  it('cancels a queued job: it never runs, its file fails as cancelled; retry runs it', async () => {
    const dataset = await createDataset(t, admin);
    const file = await queued(operator.token, dataset);
    const cancelled = await t.post(`/v1/tasks/${file.jobId}/cancel`, { token: operator.token, headers: en });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: file.jobId, status: 'cancelled' });
    expect(await fileOf(dataset, file.id)).toMatchObject({ status: 'failed', error: 'The task was cancelled' });
    expect(await t.app.jobs.runNext()).toBeUndefined();

    const again = await t.post(`/v1/tasks/${file.jobId}/cancel`, { token: operator.token, headers: en });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'CONFLICT', message: 'Only a queued or running task can be cancelled' });

    const retried = await t.post(`/v1/tasks/${file.jobId}/retry`, { token: operator.token });
    expect(retried.json()).toMatchObject({ status: 'queued', progress: 0 });
    expect(await fileOf(dataset, file.id)).toMatchObject({ status: 'queued', error: null, jobId: file.jobId });
    expect((await t.post(`/v1/tasks/${file.jobId}/retry`, { token: operator.token })).statusCode).toBe(409);
    await drain();
    expect(await task(operator.token, file.jobId as string)).toMatchObject({
      status: 'done',
      progress: 1,
      attempts: 1,
    });
    expect(await fileOf(dataset, file.id)).toMatchObject({ status: 'done', segmentCount: 1 });
  });

  it('cancels a running job: it stops at its next step and writes nothing', async () => {
    const dataset = await createDataset(t, admin);
    // ~2000 segments: some 30 steps of 40 ms.
    const file = await queued(operator.token, dataset, longText(20_000));
    const running = t.app.jobs.runNext();
    await expect.poll(async () => (await task(operator.token, file.jobId as string))?.status).toBe('running');
    expect((await fileOf(dataset, file.id)).status).toBe('parsing');
    expect((await t.post(`/v1/tasks/${file.jobId}/cancel`, { token: operator.token })).json().status).toBe('cancelled');
    await running;
    expect(await task(operator.token, file.jobId as string)).toMatchObject({ status: 'cancelled' });
    expect(await fileOf(dataset, file.id)).toMatchObject({
      status: 'failed',
      error: 'The task was cancelled',
      segmentCount: 0,
    });
    expect(await segmentRows(t, { fileId: file.id })).toEqual([]);
    expect((await t.get(`/v1/datasets/${dataset.id}`, { token: admin })).json().segmentCount).toBe(0);
  });

  it('a cancelled re-index leaves the file done with its old segments', async () => {
    const dataset = await createDataset(t, admin);
    const file = await queued(admin, dataset, longText(300));
    await drain();
    const before = await segmentRows(t, { fileId: file.id });
    const reindex = (
      await t.post(`/v1/datasets/${dataset.id}/files/${file.id}/reindex`, { token: admin, body: { chunkSize: 100 } })
    ).json<DatasetFile>();
    expect(reindex.status).toBe('queued');
    // While a job works on the file: no second job, no segment added by hand, no retry of another job.
    const busy = await t.post(`/v1/datasets/${dataset.id}/files/${file.id}/reindex`, { token: admin, headers: en });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe('This file is being parsed; try again when it is done');
    expect(
      (await t.post(`/v1/datasets/${dataset.id}/files/${file.id}/segments`, { token: admin, body: { text: 'x' } }))
        .statusCode,
    ).toBe(409);
    expect((await t.post(`/v1/tasks/${reindex.jobId}/cancel`, { token: admin })).statusCode).toBe(200);
    const after = await fileOf(dataset, file.id);
    expect(after).toMatchObject({ status: 'done', error: null, chunkSize: 500, segmentCount: before.length });
    expect((await segmentRows(t, { fileId: file.id })).map((s) => s.id)).toEqual(before.map((s) => s.id));
    // The first (done) job cannot be retried; the cancelled one can, while the file is free.
    expect((await t.post(`/v1/tasks/${file.jobId}/retry`, { token: admin })).statusCode).toBe(409);
    expect((await t.post(`/v1/tasks/${reindex.jobId}/retry`, { token: admin })).statusCode).toBe(200);
    await drain();
    expect(await fileOf(dataset, file.id)).toMatchObject({ status: 'done', chunkSize: 100 });
  });

  it("answers 404 TASK_NOT_FOUND for another user's job (admins may act on it) and another tenant's", async () => {
    const dataset = await createDataset(t, admin);
    const file = await queued(operator.token, dataset);
    for (const token of [otherOperator, agent, otherTenant]) {
      for (const action of ['cancel', 'retry']) {
        const res = await t.post(`/v1/tasks/${file.jobId}/${action}`, { token, headers: en });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ code: 'TASK_NOT_FOUND', message: 'Task not found' });
      }
    }
    expect((await t.post('/v1/tasks/no-such-task/cancel', { token: admin })).statusCode).toBe(404);
    expect((await t.post(`/v1/tasks/${file.jobId}/cancel`, { token: admin })).json().status).toBe('cancelled');
  });

  it('a retry of a job whose file was deleted answers 404 FILE_NOT_FOUND', async () => {
    const dataset = await createDataset(t, admin);
    const file = await queued(admin, dataset);
    await t.del(`/v1/datasets/${dataset.id}/files/${file.id}`, { token: admin });
    expect(await task(admin, file.jobId as string)).toMatchObject({ status: 'cancelled' });
    const res = await t.post(`/v1/tasks/${file.jobId}/retry`, { token: admin });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('FILE_NOT_FOUND');
  });
});

describe('jobs of a process that died', () => {
  const old = '2000-01-01T00:00:00.000Z';
  const stall = (id: string) => t.app.db.updateTable('jobs').set({ heartbeatAt: old }).where('id', '=', id).execute();

  it('are re-queued, then failed with JOB_INTERRUPTED after three attempts', async () => {
    const dataset = await createDataset(t, admin);
    const file = await queued(admin, dataset);
    const { jobs } = t.app.repos;
    for (let attempt = 1; attempt <= 3; attempt++) {
      // A process claims the job, then dies (kill -9): it stops beating.
      const claimed = await jobs.claimNext();
      expect(claimed).toMatchObject({ id: file.jobId, status: 'running', attempts: attempt });
      expect((await fileOf(dataset, file.id)).status).toBe('parsing');
      // A live heartbeat is left alone.
      expect(await jobs.recoverStale(new Date(Date.now() - 60_000).toISOString())).toBe(0);
      await stall(file.jobId as string);
      expect(await jobs.recoverStale(new Date().toISOString())).toBe(1);
      const expected =
        attempt < 3
          ? { status: 'queued', attempts: attempt }
          : { status: 'failed', attempts: 3, error: 'The server stopped while this task ran, several times; retry it' };
      expect(await task(admin, file.jobId as string)).toMatchObject(expected);
    }
    expect(await fileOf(dataset, file.id)).toMatchObject({
      status: 'failed',
      error: 'The server stopped while this task ran, several times; retry it',
      segmentCount: 0,
    });
    // A retry by hand still runs it.
    await t.post(`/v1/tasks/${file.jobId}/retry`, { token: admin });
    await drain();
    expect(await fileOf(dataset, file.id)).toMatchObject({ status: 'done', segmentCount: 1 });
  });

  it('a run that lost its job writes nothing, even if it reaches its commit', async () => {
    const dataset = await createDataset(t, admin);
    const file = await queued(admin, dataset);
    const { jobs, datasetFiles } = t.app.repos;
    const lost = await jobs.claimNext();
    const run = {
      id: lost!.id,
      tenantId: lost!.tenantId,
      attempts: lost!.attempts,
      datasetId: dataset.id,
      fileId: file.id,
    };
    const generation = await datasetFiles.beginStaging(run);
    expect(generation).toBe(1);
    await stall(file.jobId as string);
    await jobs.recoverStale(new Date().toISOString());
    await drain();
    const done = await segmentRows(t, { fileId: file.id });
    expect(done).toHaveLength(1);
    const segment = { text: 'stale', question: null, answer: null, searchText: 'stale', embedding: null };
    expect(await datasetFiles.beginStaging(run)).toBeUndefined();
    expect(await datasetFiles.stageSegments(run, generation!, 0, [segment, segment])).toBe(false);
    expect(
      await datasetFiles.publishSegments(
        run,
        generation!,
        { count: 2, last: [segment, segment] },
        { embeddingModel: null },
      ),
    ).toBe('lost');
    expect(await t.app.db.selectFrom('segments').select('id').where('fileId', '=', file.id).execute()).toHaveLength(1);
    expect((await segmentRows(t, { fileId: file.id })).map((s) => s.id)).toEqual(done.map((s) => s.id));
    expect((await t.get(`/v1/datasets/${dataset.id}`, { token: admin })).json().segmentCount).toBe(1);
  });
});
