import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dataset, DatasetFile, SegmentListResponse } from '@flotilla/shared/contracts';
import { ingestHandlers } from '../../src/jobs/ingest';
import { JobRun, JobStopped } from '../../src/jobs/worker';
import { PARSE_BUDGET } from '../../src/lib/parse-budget';
import { ParsePool, type DocumentParser, type SplitDocument } from '../../src/knowledge/parse-pool';
import { inlineTokenizer, type Tokenizer } from '../../src/knowledge/tokenize-pool';
import { UploadFiles } from '../../src/plugins/app/uploads/upload-files';
import { useTestApp } from '../helper';
import { createDataset, en, segmentRows, upload } from '../support/datasets';
import { reasonOf } from '../support/reasons';
import { heldTokenizer } from './held-tokenizer';

// No worker of its own: each test runs the parse job's handler itself, with a parser process that sends a
// document's segments 50 at a time, so a file of a few thousand lines comes back in dozens of messages.
const t = useTestApp({ config: { jobWorkers: 0 } });
const pool = new ParsePool(PARSE_BUDGET, 1, { characters: 64 * 1024, segments: 50 });
let operator: string;

beforeAll(async () => {
  operator = (await t.createUser(await t.login(), 'operator')).token;
});
afterAll(() => pool.close());

/** `count` lines of 70–100 characters, one segment each at a chunk size of 100, each naming its number. */
const lines = (count: number) =>
  Array.from(
    { length: count },
    (_, i) => `Line ${i} of the streamed manual mentions streamword once, and a few words after.`,
  );

/** The pool, counting the batches of segments the job reads; `onBatch` runs after each (its number from 1). */
function counting(onBatch: (read: number) => void = () => undefined): DocumentParser & { read(): number } {
  let read = 0;
  return {
    read: () => read,
    text: (type, bytes, options) => pool.text(type, bytes, options),
    sheets: (type, bytes, options) => pool.sheets(type, bytes, options),
    split: async (type, bytes, settings, options) => {
      const document = await pool.split(type, bytes, settings, options);
      const { batches } = document;
      const counted: SplitDocument['batches'] = {
        next: async () => {
          const result = await batches.next();
          if (!result.done) onBatch(++read);
          return result;
        },
        close: () => batches.close(),
        [Symbol.asyncIterator]: () => counted,
      };
      return { ...document, batches: counted };
    },
  };
}

/** Uploads `content`, claims its job and starts the handler with `parser` and `tokenizer`. */
async function startJob(dataset: Dataset, name: string, content: string, parser: DocumentParser, tokenizer: Tokenizer) {
  const res = await upload(t, operator, dataset.id, name, Buffer.from(content), { chunkSize: '100', overlap: '0' });
  expect(res.statusCode, res.body).toBe(200);
  const file = res.json<DatasetFile>();
  const job = await t.app.repos.jobs.claimNext();
  if (!job) throw new Error('no job queued');
  expect(job.fileId).toBe(file.id);
  const handlers = ingestHandlers({
    repos: t.app.repos,
    files: new UploadFiles(t.app.config.dataDir),
    embedder: t.app.embedder,
    parser,
    tokenizer,
  });
  const controller = new AbortController();
  const closing = new AbortController();
  const done = handlers[job.type](job, new JobRun(job, controller, t.app.repos.jobs, 0, closing.signal));
  // Settled by each test; never an unhandled rejection meanwhile.
  done.catch(() => undefined);
  /** The run stops as a killed server's would: at its next step, clearing nothing. */
  const stopAsIfKilled = () => {
    closing.abort();
    controller.abort(new JobStopped('shutdown'));
  };
  return { file, job, done, stopAsIfKilled };
}

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
const listed = async (fileId: string) =>
  (await t.post('/v1/datasets/segments', { token: operator, body: { fileId, limit: 10 } })).json<SegmentListResponse>();
const fileOf = async (dataset: Dataset, id: string) =>
  (await t.get(`/v1/datasets/${dataset.id}/files/${id}`, { token: operator, headers: en })).json<DatasetFile>();

/** Kills this test process's parser processes, as a crash would. */
function killParsers(): void {
  const children = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  for (const line of children.split('\n')) {
    const [pid, ...args] = line.trim().split(/\s+/);
    if (pid && args.join(' ').includes('parse-process')) process.kill(Number(pid), 'SIGKILL');
  }
}

describe('a parse job whose segments come back from its parser process in many batches', () => {
  it(
    'writes every segment once and in order, reads batches only as fast as it writes, and shows them all only at the end',
    { timeout: 60_000 },
    async () => {
      const dataset = await createDataset(t, operator);
      const document = lines(4000);
      const parser = counting();
      // 16 batches of 100 at the tokenizer at most, and only the first 6 answered: the job stops reading there.
      const tokenizer = heldTokenizer(6);
      const { file, done } = await startJob(dataset, 'streamed.txt', document.join('\n'), parser, tokenizer);

      await expect.poll(() => storedRows(file.id)).toBeGreaterThan(0);
      await expect.poll(() => parser.read()).toBeGreaterThan(10);
      expect(parser.read()).toBeLessThan(4000 / 50);
      expect(await listed(file.id)).toMatchObject({ list: [], total: 0 });
      expect(await segmentRows(t, { fileId: file.id })).toEqual([]);
      expect(await fileOf(dataset, file.id)).toMatchObject({ status: 'parsing', segmentCount: 0 });

      tokenizer.release();
      expect(await done).toBe('done');
      expect(parser.read()).toBe(4000 / 50);
      expect(await fileOf(dataset, file.id)).toMatchObject({ status: 'done', segmentCount: 4000 });
      const rows = await segmentRows(t, { fileId: file.id });
      expect(rows.map((row) => row.text)).toEqual(document);
      expect(rows.map((row) => row.position)).toEqual(document.map((_, i) => i));
      expect(await storedRows(file.id)).toBe(4000);
    },
  );

  it(
    'a parser process that dies mid-stream fails the job with FILE_PARSE_CRASHED and leaves nothing behind',
    { timeout: 60_000 },
    async () => {
      const dataset = await createDataset(t, operator);
      const parser = counting((read) => {
        if (read === 20) killParsers();
      });
      const { file, done } = await startJob(dataset, 'crashing.txt', lines(3000).join('\n'), parser, inlineTokenizer);

      expect(await reasonOf(done)).toBe('FILE_PARSE_CRASHED');
      expect(parser.read()).toBeLessThan(3000 / 50);
      expect(await storedRows(file.id)).toBe(0);
      expect(await listed(file.id)).toMatchObject({ list: [], total: 0 });
      // The next parse gets a new process.
      expect(await pool.text('txt', Buffer.from('Still reading.'))).toBe('Still reading.');
    },
  );

  it(
    'a server that dies mid-stream on its second try has the job failed as a poison file, not run again',
    { timeout: 60_000 },
    async () => {
      const dataset = await createDataset(t, operator);
      const parser = counting();
      const tokenizer = heldTokenizer(6);
      const { file, job, done, stopAsIfKilled } = await startJob(
        dataset,
        'poison.txt',
        lines(4000).join('\n'),
        parser,
        tokenizer,
      );
      await expect.poll(() => storedRows(file.id)).toBeGreaterThan(0);
      expect(parser.read()).toBeLessThan(4000 / 50);
      expect((await t.app.repos.jobs.byId(job.id))?.parsingSince).toEqual(expect.any(String));

      stopAsIfKilled();
      tokenizer.release();
      await expect(done).rejects.toBeInstanceOf(JobStopped);
      // Its second attempt, and its heartbeat stops: taken back, failed with the reason, not queued again.
      await t.app.db
        .updateTable('jobs')
        .set({ heartbeatAt: '2000-01-01T00:00:00.000Z', attempts: 2 })
        .where('id', '=', job.id)
        .execute();
      expect(await t.app.repos.jobs.recoverStale('2000-01-02T00:00:00.000Z')).toBe(1);
      expect(await t.app.repos.jobs.byId(job.id)).toMatchObject({ status: 'failed', error: 'FILE_PARSE_CRASHED' });
      expect(await fileOf(dataset, file.id)).toMatchObject({ status: 'failed', segmentCount: 0 });
      expect(await listed(file.id)).toMatchObject({ list: [], total: 0 });
    },
  );
});
