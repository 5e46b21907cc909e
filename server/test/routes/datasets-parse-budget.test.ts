import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dataset, DatasetFile, SplitPreviewResponse } from '@flotilla/shared/contracts';
import type { App } from '../../src/app';
import type { Config } from '../../src/config';
import { PARSE_BUDGET } from '../../src/lib/parse-budget';
import { message } from '../../src/lib/messages';
import { ADMIN, createTestApp, useTestApp, type TestApp, useRestartableServers } from '../helper';
import { createDataset, en, upload, uploadAndWait } from '../support/datasets';
import { docx, uploadForm } from '../support/documents';
import { zipBombDocx } from '../support/zip-bomb';

/**
 * A docx whose XML expands to 200 MB (a zip bomb of ~700 KB) once ran the server out of memory, through the
 * split preview and through the upload's parse job — and again after each restart, as the job resumed. Files
 * are now read in parser processes within a budget: the bomb fails with a reason, the server answers
 * meanwhile, and a job whose process died while parsing is failed, not re-queued into the same crash.
 */

const TOO_COMPLEX = message('FILE_TOO_COMPLEX', 'en-US');
const PARSE_CRASHED = message('FILE_PARSE_CRASHED', 'en-US');
/** Zip checks that let the bomb through, and a heap it cannot fit in: its parse kills its process. */
const SMALL_HEAP: Config['parseBudget'] = { ...PARSE_BUDGET, expandedBytes: 10 * 1024 ** 3, ratio: 1e9, memoryMb: 96 };

let bomb: Buffer;
beforeAll(async () => {
  bomb = await zipBombDocx(200);
});

describe('a zip bomb docx, with the default budget', () => {
  const t = useTestApp();
  let operator: string;
  let dataset: Dataset;
  beforeAll(async () => {
    operator = (await t.createUser(await t.login(), 'operator')).token;
    dataset = await createDataset(t, operator);
  });

  it('previews as 422 with the reason, before anything inflates it', async () => {
    const res = await upload(t, operator, dataset.id, 'bomb.docx', bomb, {}, 'files/preview');
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'file'], msg: TOO_COMPLEX });
  });

  it('answers a file its parser throws on by itself with a reason too, never a 500', async () => {
    // html-to-text recurses once per level: its stack overflows on HTML nested 5,000 deep.
    const nested = Buffer.from(`<html><body>${'<div>'.repeat(5000)}deep${'</div>'.repeat(5000)}</body></html>`);
    const res = await upload(t, operator, dataset.id, 'nested.html', nested, {}, 'files/preview');
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'file'], msg: message('FILE_CORRUPT', 'en-US') });
  });

  it('uploads, and its job ends failed with the reason; the next file parses as ever', async () => {
    const file = await uploadAndWait(t, operator, dataset.id, 'bomb.docx', bomb);
    expect(file).toMatchObject({ status: 'failed', error: TOO_COMPLEX, segmentCount: 0 });
    expect(await t.app.jobs.waitFor(file.jobId as string)).toMatchObject({ status: 'failed', attempts: 1 });
    const next = await uploadAndWait(
      t,
      operator,
      dataset.id,
      'policy.docx',
      docx(['Returns are free within seven days.']),
    );
    expect(next).toMatchObject({ status: 'done', segmentCount: 1 });
  });
});

describe('a zip bomb past the zip checks, in a parser whose heap it cannot fit', () => {
  let t: TestApp & { close: () => Promise<void> };
  let operator: string;
  let dataset: Dataset;
  beforeAll(async () => {
    t = await createTestApp({ config: { parseBudget: SMALL_HEAP } });
    operator = (await t.createUser(await t.login(), 'operator')).token;
    dataset = await createDataset(t, operator);
  });
  afterAll(async () => t.close());

  it(
    'kills only its parser: the server answers during the parse, the preview ends 422, the next preview works',
    { timeout: 120_000 },
    async () => {
      const preview = upload(t, operator, dataset.id, 'bomb.docx', bomb, {}, 'files/preview');
      // Inflating and parsing happen in the parser's process: the server answers meanwhile, and the bomb's
      // heap (which, parsed in this process, would end the test run) kills only that process.
      const meanwhile = await t.get(`/v1/datasets/${dataset.id}`, { token: operator });
      expect(meanwhile.statusCode).toBe(200);
      const res = await preview;
      expect(res.statusCode).toBe(422);
      expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'file'], msg: TOO_COMPLEX });
      const after = await upload(
        t,
        operator,
        dataset.id,
        'policy.docx',
        docx(['Returns are free within seven days.']),
        {},
        'files/preview',
      );
      expect(after.json<SplitPreviewResponse>()).toMatchObject({
        segments: ['Returns are free within seven days.'],
        total: 1,
      });
    },
  );
});

describe('a server restarted on the same data after dying in a parse', () => {
  const servers = useRestartableServers();

  it(
    'gives a job it died parsing one more try, fails it when it dies in that parse again (not re-queued into the same crash), resumes the one it died after parsing, and keeps failed what the parser refused',
    { timeout: 120_000 },
    async () => {
      // The first process runs no jobs by itself: the test plays its worker up to the moment it dies.
      const first = await servers.start({ jobWorkers: 0, parseBudget: SMALL_HEAP });
      const token = (await first.inject({ method: 'POST', url: '/v1/login', payload: ADMIN })).json<{ token: string }>()
        .token;
      const call = (
        target: App,
        method: 'GET' | 'POST',
        url: string,
        body?: { body: Buffer; headers: Record<string, string> },
      ) =>
        target.inject({
          method,
          url,
          headers: { authorization: `Bearer ${token}`, ...en, ...body?.headers },
          payload: body?.body,
        });
      const dataset = (
        await call(first, 'POST', '/v1/datasets', {
          body: Buffer.from(JSON.stringify({ name: 'Restarted' })),
          headers: { 'content-type': 'application/json' },
        })
      ).json<Dataset>();
      const uploaded = async (target: App, name: string, bytes: Buffer) =>
        (await call(target, 'POST', `/v1/datasets/${dataset.id}/files`, uploadForm(name, bytes))).json<DatasetFile>();

      // The bomb kills its parser process, not this one: failed with the reason.
      const refused = await uploaded(first, 'bomb.docx', bomb);
      expect(await first.jobs.runNext()).toBe(refused.jobId);
      expect(await first.repos.jobs.byId(refused.jobId as string)).toMatchObject({
        status: 'failed',
        error: 'FILE_TOO_COMPLEX',
        attempts: 1,
      });

      // Then the process dies: one job in the middle of its parse, the other after it.
      const poisoned = await uploaded(first, 'poison.docx', docx(['Whatever killed the server.']));
      const interrupted = await uploaded(first, 'policy.docx', docx(['Returns are free within seven days.']));
      const dieWhileParsing = async (target: App) => {
        for (
          let claimed = await target.repos.jobs.claimNext();
          claimed;
          claimed = await target.repos.jobs.claimNext()
        ) {
          if (claimed.id === poisoned.jobId) expect(await target.repos.jobs.markParsing(claimed, true)).toBe(true);
        }
        await servers.stop();
      };
      await dieWhileParsing(first);

      // A server can die for reasons of its own: the next one gives both jobs another try …
      const second = await servers.start({ jobWorkers: 0 });
      expect(await second.repos.jobs.recoverStale(new Date(Date.now() + 60_000).toISOString())).toBe(2);
      expect(await second.repos.jobs.byId(poisoned.jobId as string)).toMatchObject({ status: 'queued', attempts: 1 });
      // … and when it dies in the middle of that file again, the file is the likely cause.
      await dieWhileParsing(second);

      // The next process takes both back once their heartbeats are stale (6 beats of 100 ms).
      const third = await servers.start({ jobWorkers: 1, jobHeartbeatMs: 100 });
      expect(await third.jobs.waitFor(poisoned.jobId as string)).toMatchObject({
        status: 'failed',
        error: 'FILE_PARSE_CRASHED',
        attempts: 2,
      });
      expect(await third.jobs.waitFor(interrupted.jobId as string)).toMatchObject({ status: 'done', attempts: 3 });
      expect(await third.repos.jobs.byId(refused.jobId as string)).toMatchObject({
        status: 'failed',
        error: 'FILE_TOO_COMPLEX',
        attempts: 1,
      });
      const file = (await call(third, 'GET', `/v1/datasets/${dataset.id}/files/${poisoned.id}`)).json<DatasetFile>();
      expect(file).toMatchObject({ status: 'failed', error: PARSE_CRASHED, segmentCount: 0 });

      // The user may still retry it on purpose: it runs again from the start.
      expect((await call(third, 'POST', `/v1/tasks/${poisoned.jobId}/retry`)).statusCode).toBe(200);
      expect(await third.jobs.waitFor(poisoned.jobId as string)).toMatchObject({ status: 'done', attempts: 3 });
    },
  );
});
