import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Dataset, DatasetFile, Task, User } from '@flotilla/shared/contracts';
import { searchText } from '../../src/search/tokenize';
import { createTestApp, useTestApp } from '../helper';
import { createDataset, en, segmentRows, upload, uploadAndWait } from '../support/datasets';
import { CORRUPT_PDF, docx, encryptedPdf, EXE, pdf, uploadForm, xlsx } from '../support/documents';

const t = useTestApp();
let admin: string;
let tenantId: string;
let operator: string;
let agent: string;
let otherTenant: string;

beforeAll(async () => {
  admin = await t.login();
  tenantId = (await t.get('/v1/users/me', { token: admin })).json<User>().tenantId;
  operator = (await t.createUser(admin, 'operator')).token;
  agent = (await t.createUser(admin, 'agent')).token;
  otherTenant = (await t.createTenant(admin, 'Files Tenant B')).token;
});

const originalPath = (fileId: string) => join(t.app.config.dataDir, 'files', 'datasets', tenantId, fileId);
const storedOriginals = async () =>
  (await readdir(join(t.app.config.dataDir, 'files', 'datasets', tenantId)).catch(() => [] as string[])).sort();
const datasetOf = async (id: string) => (await t.get(`/v1/datasets/${id}`, { token: admin })).json<Dataset>();

const POLICY_ZH = '我们的退货政策是七天无理由退货。请保留好发票！\n\n运费由买家承担；质量问题由商家承担。';
const POLICY_EN = 'Returns are free within seven days. Keep the receipt.\n\nShipping is paid by the buyer.';

describe('POST /v1/datasets/{id}/files: every supported type is parsed into segments', () => {
  const cases: Array<[string, () => Promise<Buffer> | Buffer, string, RegExp]> = [
    ['policy.txt', () => Buffer.from(POLICY_ZH), 'txt', /退货政策/],
    ['policy.md', () => Buffer.from(`# Returns\n\n${POLICY_EN}`), 'md', /# Returns/],
    [
      'policy.html',
      () => Buffer.from(`<html><body><h1>退货</h1><p>${POLICY_ZH}</p><script>evil()</script></body></html>`),
      'html',
      /七天无理由退货/,
    ],
    [
      'policy.pdf',
      () => pdf([['Returns are free within seven days.', 'Keep the receipt.'], ['Shipping is paid by the buyer.']]),
      'pdf',
      /seven days/,
    ],
    ['policy.docx', () => docx(['我们的退货政策是七天无理由退货。', 'Keep the receipt.']), 'docx', /退货政策/],
    ['prices.csv', () => Buffer.from('product,price\nShirt,20\n衬衫,30\n'), 'csv', /product: 衬衫; price: 30/],
    [
      'prices.xlsx',
      () =>
        xlsx({
          Prices: [
            ['product', 'price'],
            ['Shirt', 20],
          ],
        }),
      'xlsx',
      /product: Shirt; price: 20/,
    ],
  ];

  for (const [name, content, type, expected] of cases) {
    it(`${type}: the original is kept, the job ends done, segments are searchable`, async () => {
      const dataset = await createDataset(t, operator);
      const bytes = await content();
      const res = await upload(t, operator, dataset.id, name, bytes);
      expect(res.statusCode).toBe(200);
      const queued = res.json<DatasetFile>();
      expect(queued).toMatchObject({
        datasetId: dataset.id,
        name,
        type,
        size: bytes.length,
        status: 'queued',
        error: null,
        segmentCount: 0,
        jobId: expect.any(String),
      });
      expect(await readFile(originalPath(queued.id))).toEqual(bytes);

      const job = await t.app.jobs.waitFor(queued.jobId as string);
      expect(job).toMatchObject({
        status: 'done',
        progress: 1,
        type: 'parseFile',
        title: name,
        fileId: queued.id,
        attempts: 1,
      });
      const file = (
        await t.get(`/v1/datasets/${dataset.id}/files/${queued.id}`, { token: operator })
      ).json<DatasetFile>();
      expect(file).toMatchObject({ status: 'done', error: null, jobId: queued.jobId });
      const segments = await segmentRows(t, { fileId: file.id });
      expect(segments.length).toBe(file.segmentCount);
      expect(segments.length).toBeGreaterThan(0);
      expect(segments.map((s) => s.position)).toEqual(segments.map((_, i) => i));
      expect(segments.map((s) => s.text).join('\n')).toMatch(expected);
      expect(segments.map((s) => s.text).join('\n')).not.toMatch(/evil/);
      for (const segment of segments) {
        expect(segment).toMatchObject({
          tenantId,
          datasetId: dataset.id,
          question: null,
          answer: null,
          enabled: 1,
          embedding: null,
        });
        expect(segment.searchText).toBe(searchText(segment.text));
      }
      expect(await datasetOf(dataset.id)).toMatchObject({ fileCount: 1, segmentCount: segments.length });
    });
  }
});

describe('upload settings and limits', () => {
  it("uses the upload's chunk settings over the dataset's", async () => {
    const dataset = await createDataset(t, operator, { chunkSize: 1000, overlap: 0 });
    const text = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} is here.`).join(' ');
    const file = await uploadAndWait(t, operator, dataset.id, 'long.txt', Buffer.from(text), {
      chunkSize: '100',
      overlap: '20',
      separators: JSON.stringify(['. ']),
    });
    expect(file).toMatchObject({ status: 'done', chunkSize: 100, overlap: 20, separators: ['. '] });
    const segments = await segmentRows(t, { fileId: file.id });
    expect(segments.length).toBeGreaterThan(5);
    for (const segment of segments) expect(segment.text.length).toBeLessThanOrEqual(100);
  });

  it("defaults to the dataset's settings", async () => {
    const dataset = await createDataset(t, operator, { chunkSize: 200, overlap: 10, separators: ['\n'] });
    const file = await uploadAndWait(t, operator, dataset.id, 'a.txt', Buffer.from('x'));
    expect(file).toMatchObject({ chunkSize: 200, overlap: 10, separators: ['\n'] });
  });

  it('answers 422 for a file whose content and name are both unsupported, nothing stored', async () => {
    const dataset = await createDataset(t, operator);
    const res = await upload(t, operator, dataset.id, 'setup.exe', EXE);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      detail: [{ loc: ['body', 'file'], msg: 'This file type is not supported', type: 'UNSUPPORTED_FILE_TYPE' }],
    });
    expect((await t.get(`/v1/datasets/${dataset.id}/files`, { token: operator })).json().total).toBe(0);
    expect((await datasetOf(dataset.id)).fileCount).toBe(0);
  });

  it('answers 422 without a file, with bad settings or separators', async () => {
    const dataset = await createDataset(t, operator);
    const noFile = await t.post(`/v1/datasets/${dataset.id}/files`, {
      token: operator,
      body: Buffer.from('--x--\r\n'),
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(noFile.statusCode).toBe(422);
    expect(
      (await t.post(`/v1/datasets/${dataset.id}/files`, { token: operator, body: { file: 'x' } })).statusCode,
    ).toBe(422);
    const small = await upload(t, operator, dataset.id, 'a.txt', Buffer.from('x'), { chunkSize: '10' });
    expect(small.statusCode).toBe(422);
    expect(small.json().detail[0]).toMatchObject({ loc: ['body', 'chunkSize'], type: 'greater_than_equal' });
    const separators = await upload(t, operator, dataset.id, 'a.txt', Buffer.from('x'), { separators: '["ok", ""]' });
    expect(separators.statusCode).toBe(422);
    expect(separators.json().detail[0]).toMatchObject({ loc: ['body', 'separators'], type: 'VALIDATION_FAILED' });
    expect(
      (await upload(t, operator, dataset.id, 'a.txt', Buffer.from('x'), { separators: 'not json' })).statusCode,
    ).toBe(422);
  });

  it('answers 422 UPLOAD_TOO_LARGE above FLOTILLA_MAX_FILE_MB, and stores nothing', async () => {
    const small = await createTestApp({ config: { maxFileBytes: 1024 } });
    try {
      const token = await small.login();
      const dataset = await createDataset(small, token);
      const res = await upload(small, token, dataset.id, 'big.txt', Buffer.alloc(2048, 'a'));
      expect(res.statusCode).toBe(422);
      expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'file'], type: 'UPLOAD_TOO_LARGE' });
      expect(existsSync(join(small.app.config.dataDir, 'files', 'datasets'))).toBe(false);
      expect((await small.get(`/v1/datasets/${dataset.id}/files`, { token })).json().total).toBe(0);
      // The limit itself is allowed.
      expect((await upload(small, token, dataset.id, 'ok.txt', Buffer.alloc(1024, 'a'))).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('keeps a safe name: no path, no control characters', async () => {
    const dataset = await createDataset(t, operator);
    const res = await upload(t, operator, dataset.id, '../../etc/\u202Egnp.txt', Buffer.from('hello'));
    expect(res.json<DatasetFile>().name).toBe('gnp.txt');
  });

  it('404 CATALOGUE_NOT_FOUND for a catalogue outside the dataset', async () => {
    const dataset = await createDataset(t, operator);
    const other = await createDataset(t, operator);
    const catalogue = (
      await t.post(`/v1/datasets/${other.id}/catalogues`, { token: operator, body: { name: 'Elsewhere' } })
    ).json();
    const res = await upload(t, operator, dataset.id, 'a.txt', Buffer.from('x'), { catalogueId: catalogue.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('CATALOGUE_NOT_FOUND');
  });
});

describe('files that cannot be parsed are marked failed with a reason, and nothing else changes', () => {
  const cases: Array<[string, string, () => Buffer, string]> = [
    ['an empty file', 'empty.txt', () => Buffer.alloc(0), 'The file contains no text'],
    ['a blank file', 'blank.md', () => Buffer.from('  \n\n\t\n'), 'The file contains no text'],
    [
      'an encrypted PDF',
      'secret.pdf',
      encryptedPdf,
      'The file is password-protected; remove the password and upload it again',
    ],
    ['a corrupt PDF', 'broken.pdf', () => CORRUPT_PDF, 'The file is damaged and cannot be read'],
    [
      'a renamed binary',
      'notes.txt',
      () => EXE,
      'The content is not what its name says or is not supported (txt, md, html, pdf, docx, csv, xlsx)',
    ],
    [
      'a text that is not UTF-8',
      'gbk.txt',
      () => Buffer.from([0xc4, 0xe3, 0xba, 0xc3, 0x0a]),
      'The text file is not UTF-8; save it as UTF-8 and upload it again',
    ],
  ];

  for (const [what, name, content, message] of cases) {
    it(what, async () => {
      const dataset = await createDataset(t, operator);
      const file = await uploadAndWait(t, operator, dataset.id, name, content());
      expect(file).toMatchObject({ status: 'failed', error: message, segmentCount: 0 });
      expect(await segmentRows(t, { fileId: file.id })).toEqual([]);
      expect(await datasetOf(dataset.id)).toMatchObject({ fileCount: 1, segmentCount: 0 });
      // The original is kept (a retry or a re-index reads it again), and the task says why.
      expect(existsSync(originalPath(file.id))).toBe(true);
      const tasks = (await t.get('/v1/tasks?status=failed', { token: operator, headers: en })).json<{ list: Task[] }>();
      expect(tasks.list.find((task) => task.fileId === file.id)).toMatchObject({
        status: 'failed',
        error: message,
        title: name,
      });
      // Localised when read.
      const zh = (
        await t.get(`/v1/datasets/${dataset.id}/files/${file.id}`, {
          token: operator,
          headers: { 'accept-language': 'zh-CN' },
        })
      ).json<DatasetFile>();
      expect(zh.error).not.toBe(message);
      expect(zh.error).toMatch(/[\u4e00-\u9fff]/);
    });
  }
});

describe('POST /v1/datasets/{id}/files/preview', () => {
  it('answers the first 20 segments, their total and the characters, and stores nothing', async () => {
    const dataset = await createDataset(t, operator);
    const stored = await storedOriginals();
    const text = Array.from({ length: 200 }, (_, i) => `第${i}段：我们的退货政策是七天无理由退货。`).join('\n\n');
    const form = uploadForm('long.txt', Buffer.from(text), { chunkSize: '100', overlap: '0' });
    const res = await t.post(`/v1/datasets/${dataset.id}/files/preview`, {
      token: operator,
      body: form.body,
      headers: form.headers,
    });
    expect(res.statusCode).toBe(200);
    const preview = res.json();
    expect(preview.segments).toHaveLength(20);
    expect(preview.total).toBeGreaterThan(20);
    expect(preview.characters).toBe(text.length);
    for (const segment of preview.segments) expect(segment.length).toBeLessThanOrEqual(100);
    expect((await t.get(`/v1/datasets/${dataset.id}/files`, { token: operator })).json().total).toBe(0);
    expect(await storedOriginals()).toEqual(stored);
  });

  it('answers 422 with the reason for a file that cannot be parsed', async () => {
    const dataset = await createDataset(t, operator);
    const res = await upload(t, operator, dataset.id, 'secret.pdf', encryptedPdf(), {}, 'files/preview');
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({
      loc: ['body', 'file'],
      msg: 'The file is password-protected; remove the password and upload it again',
    });
    expect((await upload(t, operator, dataset.id, 'empty.txt', Buffer.alloc(0), {}, 'files/preview')).statusCode).toBe(
      422,
    );
  });
});

describe('listing, reading and deleting files', () => {
  let dataset: Dataset;
  let catalogueId: string;
  let inFolder: DatasetFile;
  let atRoot: DatasetFile;
  let failed: DatasetFile;

  beforeAll(async () => {
    dataset = await createDataset(t, operator);
    catalogueId = (
      await t.post(`/v1/datasets/${dataset.id}/catalogues`, { token: operator, body: { name: 'Manuals' } })
    ).json().id;
    inFolder = await uploadAndWait(t, operator, dataset.id, 'manual.txt', Buffer.from(POLICY_EN), { catalogueId });
    atRoot = await uploadAndWait(t, operator, dataset.id, 'faq.md', Buffer.from(POLICY_ZH));
    failed = await uploadAndWait(t, operator, dataset.id, 'empty.txt', Buffer.alloc(0));
  });

  const names = async (query: string) =>
    (await t.get(`/v1/datasets/${dataset.id}/files${query}`, { token: operator }))
      .json<{ list: DatasetFile[] }>()
      .list.map((f) => f.name);

  it('lists newest first, with catalogue, keyword and status filters and paging', async () => {
    expect(await names('')).toEqual(['empty.txt', 'faq.md', 'manual.txt']);
    expect(await names(`?catalogueId=${catalogueId}`)).toEqual(['manual.txt']);
    expect(await names('?catalogueId=root')).toEqual(['empty.txt', 'faq.md']);
    expect(await names('?keyword=MANU')).toEqual(['manual.txt']);
    expect(await names('?status=failed')).toEqual(['empty.txt']);
    const page = (await t.get(`/v1/datasets/${dataset.id}/files?limit=1&offset=1`, { token: operator })).json();
    expect(page).toMatchObject({ total: 3, list: [{ name: 'faq.md' }] });
  });

  it('reads one file; 404 FILE_NOT_FOUND for a file of another dataset', async () => {
    expect((await t.get(`/v1/datasets/${dataset.id}/files/${atRoot.id}`, { token: operator })).json()).toMatchObject({
      id: atRoot.id,
      catalogueId: null,
      status: 'done',
    });
    const other = await createDataset(t, operator);
    const res = await t.get(`/v1/datasets/${other.id}/files/${atRoot.id}`, { token: operator });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('FILE_NOT_FOUND');
  });

  it('deletes a file with its segments and original; the counts follow', async () => {
    const before = await datasetOf(dataset.id);
    expect((await t.del(`/v1/datasets/${dataset.id}/files/${inFolder.id}`, { token: operator })).json()).toEqual({
      ok: true,
    });
    expect(await segmentRows(t, { fileId: inFolder.id })).toEqual([]);
    expect(existsSync(originalPath(inFolder.id))).toBe(false);
    expect(await datasetOf(dataset.id)).toMatchObject({
      fileCount: before.fileCount - 1,
      segmentCount: before.segmentCount - inFolder.segmentCount,
    });
    const again = await t.del(`/v1/datasets/${dataset.id}/files/${inFolder.id}`, { token: operator });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('FILE_NOT_FOUND');
  });

  it('deletes in bulk, ignoring ids that are not files of the dataset', async () => {
    const res = await t.post(`/v1/datasets/${dataset.id}/files/delete`, {
      token: operator,
      body: { fileIds: [atRoot.id, failed.id, 'no-such-file', inFolder.id] },
    });
    expect(res.json()).toEqual({ deleted: 2 });
    expect(await names('')).toEqual([]);
    expect(await datasetOf(dataset.id)).toMatchObject({ fileCount: 0, segmentCount: 0 });
    expect(existsSync(originalPath(atRoot.id))).toBe(false);
    expect(
      (await t.post(`/v1/datasets/${dataset.id}/files/delete`, { token: operator, body: { fileIds: [] } })).statusCode,
    ).toBe(422);
  });
});

describe('re-indexing and adding segments', () => {
  it('re-parses the stored original with new settings, replacing all segments at once', async () => {
    const dataset = await createDataset(t, operator, { chunkSize: 1000, overlap: 0 });
    const text = Array.from({ length: 30 }, (_, i) => `Sentence ${i} about returns.`).join(' ');
    const file = await uploadAndWait(t, operator, dataset.id, 'a.txt', Buffer.from(text));
    expect(file.segmentCount).toBe(1);
    const res = await t.post(`/v1/datasets/${dataset.id}/files/${file.id}/reindex`, {
      token: operator,
      body: { chunkSize: 100, overlap: 0 },
    });
    expect(res.statusCode).toBe(200);
    const queued = res.json<DatasetFile>();
    expect(queued).toMatchObject({ status: 'queued', jobId: expect.any(String) });
    expect(queued.jobId).not.toBe(file.jobId);
    const job = await t.app.jobs.waitFor(queued.jobId as string);
    expect(job).toMatchObject({ type: 'reindexFile', status: 'done' });
    const done = (await t.get(`/v1/datasets/${dataset.id}/files/${file.id}`, { token: operator })).json<DatasetFile>();
    expect(done).toMatchObject({ status: 'done', chunkSize: 100, overlap: 0 });
    const segments = await segmentRows(t, { fileId: file.id });
    expect(segments.length).toBe(done.segmentCount);
    expect(segments.length).toBeGreaterThan(5);
    expect(await datasetOf(dataset.id)).toMatchObject({ segmentCount: segments.length, fileCount: 1 });

    // No body: the file's own settings again.
    const again = await t.post(`/v1/datasets/${dataset.id}/files/${file.id}/reindex`, { token: operator });
    expect(again.statusCode).toBe(200);
    await t.app.jobs.waitFor(again.json<DatasetFile>().jobId as string);
    expect((await segmentRows(t, { fileId: file.id })).length).toBe(segments.length);
    expect(
      (await t.post(`/v1/datasets/${dataset.id}/files/${file.id}/reindex`, { token: operator, body: { chunkSize: 5 } }))
        .statusCode,
    ).toBe(422);
    expect((await t.post(`/v1/datasets/${dataset.id}/files/no-such/reindex`, { token: operator })).json().code).toBe(
      'FILE_NOT_FOUND',
    );
  });

  it('adds a segment at the end of a file', async () => {
    const dataset = await createDataset(t, operator);
    const file = await uploadAndWait(t, operator, dataset.id, 'a.txt', Buffer.from(POLICY_EN));
    const res = await t.post(`/v1/datasets/${dataset.id}/files/${file.id}/segments`, {
      token: operator,
      body: { text: '  退货请联系客服。 ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(String),
      datasetId: dataset.id,
      fileId: file.id,
      fileName: 'a.txt',
      catalogueId: null,
      position: file.segmentCount,
      text: '退货请联系客服。',
      enabled: true,
    });
    const rows = await segmentRows(t, { fileId: file.id });
    expect(rows.at(-1)).toMatchObject({ text: '退货请联系客服。', searchText: searchText('退货请联系客服。') });
    expect((await t.get(`/v1/datasets/${dataset.id}/files/${file.id}`, { token: operator })).json().segmentCount).toBe(
      file.segmentCount + 1,
    );
    expect((await datasetOf(dataset.id)).segmentCount).toBe(file.segmentCount + 1);
    expect(
      (await t.post(`/v1/datasets/${dataset.id}/files/${file.id}/segments`, { token: operator, body: { text: '   ' } }))
        .statusCode,
    ).toBe(422);
    expect(
      (await t.post(`/v1/datasets/${dataset.id}/files/nope/segments`, { token: operator, body: { text: 'x' } })).json()
        .code,
    ).toBe('FILE_NOT_FOUND');
  });
});

describe('access to files', () => {
  let dataset: Dataset;
  let file: DatasetFile;

  beforeAll(async () => {
    dataset = await createDataset(t, admin);
    file = await uploadAndWait(t, admin, dataset.id, 'secret.txt', Buffer.from('A secret passage.'));
  });

  const calls = () => {
    const form = uploadForm('x.txt', Buffer.from('x'));
    const multipart = { body: form.body, headers: form.headers };
    const base = `/v1/datasets/${dataset.id}/files`;
    return [
      ['GET', base, {}],
      ['POST', base, multipart],
      ['POST', `${base}/preview`, multipart],
      ['POST', `${base}/delete`, { body: { fileIds: [file.id] } }],
      ['GET', `${base}/${file.id}`, {}],
      ['DELETE', `${base}/${file.id}`, {}],
      ['POST', `${base}/${file.id}/reindex`, {}],
      ['POST', `${base}/${file.id}/segments`, { body: { text: 'x' } }],
    ] as const;
  };

  it("answers 404 DATASET_NOT_FOUND on another tenant's dataset, and changes nothing", async () => {
    for (const [method, url, request] of calls()) {
      const res = await t.inject(method, url, { token: otherTenant, ...request });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('DATASET_NOT_FOUND');
    }
    expect((await t.get(`/v1/datasets/${dataset.id}/files/${file.id}`, { token: admin })).json()).toMatchObject({
      status: 'done',
      segmentCount: 1,
    });
    expect(await datasetOf(dataset.id)).toMatchObject({ fileCount: 1, segmentCount: 1 });
  });

  it('answers 403 to agents on every call', async () => {
    for (const [method, url, request] of calls()) {
      expect((await t.inject(method, url, { token: agent, ...request })).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
