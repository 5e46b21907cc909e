import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASE_TABLE_LIMITS,
  type Database,
  type DatabaseRowsResponse,
  type ImportTableResponse,
  type Task,
} from '@flotilla/shared/contracts';
import { sweepImportUploads } from '../../src/databases/table-import/import-job';
import { UploadFiles } from '../../src/plugins/app/uploads/upload-files';
import { ADMIN, useTestApp, useRestartableServers } from '../helper';
import { en } from '../support/datasets';
import { uploadForm } from '../support/documents';

// No worker loop: the test runs the import itself (runNext). Steps are slowed, so the import is seen while it
// holds its transaction open between batches of rows: 20 batches of 300 ms leave the test seconds to read,
// write and cancel in the middle of it even on a loaded machine.
const t = useTestApp({ config: { jobWorkers: 0, jobStepDelayMs: 300, jobHeartbeatMs: 60_000 } });
let operator: string;

beforeAll(async () => {
  const admin = await t.login();
  operator = (await t.createUser(admin, 'operator')).token;
});

const csv = (lines: string[]) => Buffer.from(lines.join('\n') + '\n');
function importFile(databaseId: string, content: Buffer, table: string) {
  const form = uploadForm('people.csv', content, { table });
  return t.post(`/v1/databases/${databaseId}/tables/import`, {
    token: operator,
    body: form.body,
    headers: { ...form.headers, ...en },
  });
}
const total = async (databaseId: string, table: string) =>
  (
    await t.get(`/v1/databases/${databaseId}/tables/${table}/rows?limit=1`, { token: operator })
  ).json<DatabaseRowsResponse>().total;

/** Polls the job's row until `ready` holds (the condition, not a time, ends the wait). */
async function until(id: string, ready: (job: { status: string; progress: number }) => boolean): Promise<void> {
  for (;;) {
    const job = await t.app.repos.jobs.byId(id);
    if (job && ready(job)) return;
    await sleep(10);
  }
}

describe('a background import', () => {
  it('keeps the old table readable while it writes, answers other writes 409 at once, and a cancel changes nothing', async () => {
    const database = (
      await t.post('/v1/databases', { token: operator, body: { name: 'people', kind: 'builtin' } })
    ).json<Database>();
    expect((await importFile(database.id, csv(['id,name', '1,Ann', '2,Bob']), 'people')).statusCode).toBe(200);

    const lines = ['id,name'];
    const count = DATABASE_TABLE_LIMITS.inlineImportRows * 8;
    for (let i = 1; i <= count; i++) lines.push(`${i},person ${i}`);
    const res = await importFile(database.id, csv(lines), 'people');
    expect(res.statusCode).toBe(200);
    const taskId = res.json<ImportTableResponse>().taskId!;
    const storedFiles = async () =>
      (await readdir(join(t.app.config.dataDir, 'files', 'table-imports'), { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name);
    expect(await storedFiles()).toHaveLength(1);

    const running = t.app.jobs.runNext();
    // Past reading and checking: rows are being written inside the transaction.
    await until(taskId, (job) => job.status === 'running' && job.progress > 0.15);
    expect(await total(database.id, 'people')).toBe(2);
    const edit = await t.post(`/v1/databases/${database.id}/tables/people/rows`, {
      token: operator,
      headers: en,
      body: { values: { id: 3, name: 'Cy' } },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json<{ message: string }>().message).toBe('Another write is using the database; try again shortly');

    expect((await t.post(`/v1/tasks/${taskId}/cancel`, { token: operator })).statusCode).toBe(200);
    await running;
    const task = (await t.get('/v1/tasks', { token: operator }))
      .json<{ list: Task[] }>()
      .list.find((x) => x.id === taskId);
    // The task names its database (the task list links to it), and no dataset or file.
    expect(task).toMatchObject({
      type: 'importTable',
      status: 'cancelled',
      databaseId: database.id,
      datasetId: null,
      fileId: null,
    });
    expect(await total(database.id, 'people')).toBe(2);
    // The stored upload went with the task; the table takes writes again.
    expect(await storedFiles()).toEqual([]);
    const after = await t.post(`/v1/databases/${database.id}/tables/people/rows`, {
      token: operator,
      body: { values: { id: 3, name: 'Cy' } },
    });
    expect(after.statusCode).toBe(200);
  });

  it("an import cancelled before it ran leaves its upload only until the next sweep; a queued one's stays", async () => {
    const database = (
      await t.post('/v1/databases', { token: operator, body: { name: 'sweep', kind: 'builtin' } })
    ).json<Database>();
    const lines = ['id'];
    for (let i = 1; i <= DATABASE_TABLE_LIMITS.inlineImportRows + 1; i++) lines.push(String(i));
    const cancelled = (await importFile(database.id, csv(lines), 'one')).json<ImportTableResponse>().taskId!;
    const queued = (await importFile(database.id, csv(lines), 'two')).json<ImportTableResponse>().taskId!;
    expect((await t.post(`/v1/tasks/${cancelled}/cancel`, { token: operator })).statusCode).toBe(200);
    const files = new UploadFiles(t.app.config.dataDir);
    const stored = async () =>
      (
        await readdir(join(t.app.config.dataDir, 'files', 'table-imports'), { recursive: true, withFileTypes: true })
      ).filter((entry) => entry.isFile()).length;
    expect(await stored()).toBe(2);
    // Uploads younger than the sweep's margin may be a job being queued: kept.
    expect(await sweepImportUploads(t.app.repos, files)).toBe(0);
    expect(await sweepImportUploads(t.app.repos, files, Date.now() + 11 * 60_000)).toBe(1);
    expect(await stored()).toBe(1);
    await t.app.jobs.runNext();
    expect((await t.app.jobs.waitFor(queued)).status).toBe('done');
    expect(await stored()).toBe(0);
  });
});

describe('a server stopped in the middle of an import', () => {
  const servers = useRestartableServers();

  it('rolls back what it wrote, keeps the upload, and the next server imports it from the start', async () => {
    // The first server's worker takes the import; the server stops while the rows are being written.
    const first = await servers.start({ jobWorkers: 1, jobStepDelayMs: 300, jobHeartbeatMs: 60_000 });
    const token = (await first.inject({ method: 'POST', url: '/v1/login', payload: ADMIN })).json<{ token: string }>()
      .token;
    const headers = { authorization: `Bearer ${token}` };
    const database = (
      await first.inject({
        method: 'POST',
        url: '/v1/databases',
        headers,
        payload: { name: 'restart', kind: 'builtin' },
      })
    ).json<Database>();
    const lines = ['id,name'];
    const count = DATABASE_TABLE_LIMITS.inlineImportRows * 8;
    for (let i = 1; i <= count; i++) lines.push(`${i},person ${i}`);
    const form = uploadForm('people.csv', csv(lines), { table: 'people' });
    const imported = await first.inject({
      method: 'POST',
      url: `/v1/databases/${database.id}/tables/import`,
      headers: { ...headers, ...form.headers },
      payload: form.body,
    });
    const taskId = imported.json<ImportTableResponse>().taskId!;
    for (;;) {
      const job = await first.repos.jobs.byId(taskId);
      if (job?.status === 'running' && job.progress > 0.15) break;
      await sleep(10);
    }
    await servers.stop();

    const second = await servers.start({});
    expect((await second.jobs.waitFor(taskId, 60_000)).status).toBe('done');
    const rows = await second.inject({
      method: 'GET',
      url: `/v1/databases/${database.id}/tables/people/rows?offset=${count - 1}&limit=5`,
      headers,
    });
    expect(rows.json<DatabaseRowsResponse>()).toMatchObject({ total: count, list: [{ id: count }] });
  });
});
