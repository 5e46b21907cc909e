import { beforeAll, describe, expect, it } from 'vitest';
import type { Dataset, DatasetFile, SegmentListResponse } from '@flotilla/shared/contracts';
import { ingestHandlers } from '../../src/jobs/ingest';
import { JobRun, JobStopped } from '../../src/jobs/worker';
import { inlineTokenizer, type Tokenizer } from '../../src/knowledge/tokenize-pool';
import { MAX_ATTEMPTS } from '../../src/plugins/app/jobs/jobs-repository';
import { UploadFiles } from '../../src/plugins/app/uploads/upload-files';
import { useTestApp } from '../helper';
import { createDataset, en, segmentRows, upload } from '../support/datasets';
import { heldTokenizer } from './held-tokenizer';

// No worker of its own: each test runs the parse job's handler itself, with a tokenizer it can hold back, so
// the job can be looked at while part of its file is written and the rest is not.
const t = useTestApp({ config: { jobWorkers: 0 } });
let operator: string;

beforeAll(async () => {
  operator = (await t.createUser(await t.login(), 'operator')).token;
});

/** `lines` lines of 70–100 characters (one segment each at a chunk size of 100); every one holds `word`. */
const document = (word: string, lines = 1200) =>
  Buffer.from(
    Array.from(
      { length: lines },
      (_, i) => `Line ${i} of the manual mentions ${word} once, with a few more words after it.`,
    ).join('\n'),
  );

/** Rows of the file in the table, whichever generation: what is staged as well as what readers see. */
const storedRows = async (fileId: string) =>
  Number(
    (
      await t.app.db
        .selectFrom('segments')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('fileId', '=', fileId)
        .executeTakeFirstOrThrow()
    ).n,
  );

const search = async (dataset: Dataset, query: string) =>
  (
    await t.post('/v1/datasets/segments', {
      token: operator,
      body: { datasetIds: [dataset.id], query, mode: 'fulltext', limit: 50 },
    })
  ).json<SegmentListResponse>();
const listed = async (fileId: string) =>
  (await t.post('/v1/datasets/segments', { token: operator, body: { fileId, limit: 10 } })).json<SegmentListResponse>();
const fileOf = async (dataset: Dataset, id: string) =>
  (await t.get(`/v1/datasets/${dataset.id}/files/${id}`, { token: operator, headers: en })).json<DatasetFile>();
const datasetOf = async (dataset: Dataset) =>
  (await t.get(`/v1/datasets/${dataset.id}`, { token: operator })).json<Dataset>();

/** Claims the next job and starts its handler with `tokenizer`: the job, and the run's promise. */
async function startJob(tokenizer: Tokenizer) {
  const job = await t.app.repos.jobs.claimNext();
  if (!job) throw new Error('no job queued');
  const handlers = ingestHandlers({
    repos: t.app.repos,
    files: new UploadFiles(t.app.config.dataDir),
    embedder: t.app.embedder,
    parser: t.app.parser,
    tokenizer,
  });
  const controller = new AbortController();
  const closing = new AbortController();
  const done = handlers[job.type](job, new JobRun(job, controller, t.app.repos.jobs, 0, closing.signal));
  // Settled by each test; never an unhandled rejection meanwhile.
  done.catch(() => undefined);
  /** The run stops as a killed process's would: at its next step, clearing nothing. */
  const stopAsIfKilled = () => {
    closing.abort();
    controller.abort(new JobStopped('shutdown'));
  };
  return { job, done, stopAsIfKilled };
}

async function uploaded(dataset: Dataset, name: string, content: Buffer): Promise<DatasetFile> {
  const res = await upload(t, operator, dataset.id, name, content, { chunkSize: '100', overlap: '0' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DatasetFile>();
}

/** Uploads ~1200 segments' worth holding `word` and runs its job until two transactions of it are written. */
async function halfWritten(dataset: Dataset, name: string, word: string) {
  const file = await uploaded(dataset, name, document(word));
  const tokenizer = heldTokenizer(6);
  const started = await startJob(tokenizer);
  // Six batches of 100 tokenised (half the file): at least one transaction of them written, nothing published.
  expect(started.job.fileId).toBe(file.id);
  await expect.poll(() => storedRows(file.id)).toBeGreaterThan(0);
  /** The run "dies" here, with part of the file written: it writes nothing more and clears nothing. */
  const die = async () => {
    started.stopAsIfKilled();
    tokenizer.release();
    await expect(started.done).rejects.toBeInstanceOf(JobStopped);
  };
  return { file, tokenizer, die, ...started };
}

describe('a parse job writing a large file', () => {
  it('shows none of its segments until the last transaction, then all of them', { timeout: 60_000 }, async () => {
    const dataset = await createDataset(t, operator);
    const { file, tokenizer, done } = await halfWritten(dataset, 'staged.txt', 'stagedword');
    expect((await search(dataset, 'stagedword')).total).toBe(0);
    expect(await listed(file.id)).toMatchObject({ list: [], total: 0 });
    expect(await fileOf(dataset, file.id)).toMatchObject({ status: 'parsing', segmentCount: 0 });
    expect(await datasetOf(dataset)).toMatchObject({ segmentCount: 0 });
    expect(await segmentRows(t, { fileId: file.id })).toEqual([]);

    tokenizer.release();
    expect(await done).toBe('done');
    const after = await fileOf(dataset, file.id);
    expect(after).toMatchObject({ status: 'done', segmentCount: 1200 });
    expect((await search(dataset, 'stagedword')).total).toBe(500);
    expect((await listed(file.id)).total).toBe(1200);
    expect(await datasetOf(dataset)).toMatchObject({ segmentCount: 1200 });
    expect(await storedRows(file.id)).toBe(1200);
  });

  it(
    'keeps the old segments of a re-indexed file visible until the new ones replace them all at once',
    { timeout: 60_000 },
    async () => {
      const dataset = await createDataset(t, operator);
      const file = await uploaded(dataset, 'reindexed.txt', document('reindexword', 300));
      expect(await (await startJob(inlineTokenizer)).done).toBe('done');
      const before = (await listed(file.id)).list.map((segment) => segment.id);
      expect((await listed(file.id)).total).toBe(300);

      // Again with larger segments: ≤ 1000 characters each, some ten lines.
      const reindex = await t.post(`/v1/datasets/${dataset.id}/files/${file.id}/reindex`, {
        token: operator,
        body: { chunkSize: 1000, overlap: 0 },
      });
      expect(reindex.statusCode, reindex.body).toBe(200);
      const tokenizer = heldTokenizer(0);
      const { done } = await startJob(tokenizer);
      await expect.poll(async () => (await fileOf(dataset, file.id)).status).toBe('parsing');
      expect((await listed(file.id)).list.map((segment) => segment.id)).toEqual(before);
      expect((await search(dataset, 'reindexword')).total).toBe(300);

      tokenizer.release();
      expect(await done).toBe('done');
      const total = (await fileOf(dataset, file.id)).segmentCount;
      expect(total).toBeLessThan(60);
      expect((await listed(file.id)).total).toBe(total);
      expect((await listed(file.id)).list.map((segment) => segment.id)).not.toContain(before[0]);
      expect((await search(dataset, 'reindexword')).total).toBe(total);
      expect(await datasetOf(dataset)).toMatchObject({ segmentCount: total });
      // The old generation is gone from the table too, not only hidden.
      expect(await storedRows(file.id)).toBe(total);
    },
  );

  it(
    'cancelled while writing: its staged rows are removed and nothing was ever visible',
    { timeout: 60_000 },
    async () => {
      const dataset = await createDataset(t, operator);
      const { file, tokenizer, done } = await halfWritten(dataset, 'cancelled.txt', 'cancelword');

      expect((await t.post(`/v1/tasks/${file.jobId}/cancel`, { token: operator })).statusCode).toBe(200);
      tokenizer.release();
      await expect(done).rejects.toBeInstanceOf(JobStopped);
      expect(await storedRows(file.id)).toBe(0);
      expect(await fileOf(dataset, file.id)).toMatchObject({ status: 'failed', segmentCount: 0 });
      expect((await search(dataset, 'cancelword')).total).toBe(0);
      expect(await datasetOf(dataset)).toMatchObject({ segmentCount: 0 });
    },
  );

  it(
    'a run that died mid-way leaves nothing visible; the next run clears its rows and ends with one copy',
    { timeout: 60_000 },
    async () => {
      const dataset = await createDataset(t, operator);
      const { file, job, die } = await halfWritten(dataset, 'crashed.txt', 'crashword');
      await die();
      expect(await storedRows(file.id)).toBeGreaterThan(0);
      // Its heartbeat stops: the job is taken back.
      await t.app.db
        .updateTable('jobs')
        .set({ heartbeatAt: '2000-01-01T00:00:00.000Z' })
        .where('id', '=', job.id)
        .execute();
      expect(await t.app.repos.jobs.recoverStale(new Date().toISOString())).toBe(1);
      expect((await search(dataset, 'crashword')).total).toBe(0);
      expect(await fileOf(dataset, file.id)).toMatchObject({ status: 'queued', segmentCount: 0 });

      expect(await (await startJob(inlineTokenizer)).done).toBe('done');
      expect(await fileOf(dataset, file.id)).toMatchObject({ status: 'done', segmentCount: 1200 });
      expect(await storedRows(file.id)).toBe(1200);
      expect((await listed(file.id)).total).toBe(1200);
      expect(await datasetOf(dataset)).toMatchObject({ segmentCount: 1200 });
    },
  );

  it(
    'rows left by a run that died are cleared at the next start when no job will run on the file again',
    { timeout: 60_000 },
    async () => {
      const dataset = await createDataset(t, operator);
      const { file, job, die } = await halfWritten(dataset, 'abandoned.txt', 'abandonword');
      await die();
      // Died on its last attempt: taken back, failed, never run again.
      await t.app.db
        .updateTable('jobs')
        .set({ heartbeatAt: '2000-01-01T00:00:00.000Z', attempts: MAX_ATTEMPTS })
        .where('id', '=', job.id)
        .execute();
      expect(await t.app.repos.jobs.recoverStale(new Date().toISOString())).toBe(1);
      expect(await fileOf(dataset, file.id)).toMatchObject({ status: 'failed', segmentCount: 0 });

      // What a worker runs when it starts, and after it took jobs back.
      expect(await t.app.repos.datasetFiles.purgeLeftovers()).toBeGreaterThan(0);
      expect(await storedRows(file.id)).toBe(0);
      expect(await t.app.repos.datasetFiles.purgeLeftovers()).toBe(0);
    },
  );
});
