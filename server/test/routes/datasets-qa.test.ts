import { beforeAll, describe, expect, it } from 'vitest';
import type { Dataset, DatasetFile, Segment } from '@flotilla/shared/contracts';
import { searchText } from '../../src/search/tokenize';
import { useTestApp } from '../helper';
import { createDataset, en, segmentRows, upload, uploadAndWait } from '../support/datasets';
import { docx, xlsx } from '../support/documents';

const t = useTestApp();
let admin: string;
let operator: string;
let agent: string;
let otherTenant: string;

beforeAll(async () => {
  admin = await t.login();
  operator = (await t.createUser(admin, 'operator')).token;
  agent = (await t.createUser(admin, 'agent')).token;
  otherTenant = (await t.createTenant(admin, 'QA Tenant B')).token;
});

const datasetOf = async (id: string) => (await t.get(`/v1/datasets/${id}`, { token: operator })).json<Dataset>();
const importQa = (datasetId: string, name: string, content: Buffer) =>
  uploadAndWait(t, operator, datasetId, name, content, {}, 'qa/import');

describe('POST /v1/datasets/{id}/qa (by hand)', () => {
  it('adds segments with a question and an answer, of no file, after the earlier ones', async () => {
    const dataset = await createDataset(t, operator);
    const res = await t.post(`/v1/datasets/${dataset.id}/qa`, {
      token: operator,
      body: {
        pairs: [
          { question: ' 退货期限是多久？ ', answer: '七天无理由退货。' },
          { question: 'Who pays shipping?', answer: 'The buyer.' },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const segments = res.json<Segment[]>();
    expect(segments).toEqual([
      {
        id: expect.any(String),
        datasetId: dataset.id,
        fileId: null,
        fileName: '',
        catalogueId: null,
        position: 0,
        text: '退货期限是多久？\n七天无理由退货。',
        question: '退货期限是多久？',
        answer: '七天无理由退货。',
        enabled: true,
      },
      {
        id: expect.any(String),
        datasetId: dataset.id,
        fileId: null,
        fileName: '',
        catalogueId: null,
        position: 1,
        text: 'Who pays shipping?\nThe buyer.',
        question: 'Who pays shipping?',
        answer: 'The buyer.',
        enabled: true,
      },
    ]);
    const rows = await segmentRows(t, { datasetId: dataset.id, fileId: null });
    expect(rows[0]?.searchText).toBe(searchText('退货期限是多久？\n退货期限是多久？\n七天无理由退货。'));
    const more = (
      await t.post(`/v1/datasets/${dataset.id}/qa`, {
        token: operator,
        body: { pairs: [{ question: 'Q3', answer: 'A3' }] },
      })
    ).json<Segment[]>();
    expect(more[0]?.position).toBe(2);
    expect(await datasetOf(dataset.id)).toMatchObject({ segmentCount: 3, fileCount: 0 });
  });

  it('answers 422 for an empty question or answer, 404 elsewhere, 403 to agents', async () => {
    const dataset = await createDataset(t, operator);
    expect(
      (
        await t.post(`/v1/datasets/${dataset.id}/qa`, {
          token: operator,
          body: { pairs: [{ question: ' ', answer: 'A' }] },
        })
      ).statusCode,
    ).toBe(422);
    expect((await t.post(`/v1/datasets/${dataset.id}/qa`, { token: operator, body: { pairs: [] } })).statusCode).toBe(
      422,
    );
    const body = { pairs: [{ question: 'Q', answer: 'A' }] };
    const foreign = await t.post(`/v1/datasets/${dataset.id}/qa`, { token: otherTenant, body });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('DATASET_NOT_FOUND');
    expect((await t.post(`/v1/datasets/${dataset.id}/qa`, { token: agent, body })).statusCode).toBe(403);
    expect((await datasetOf(dataset.id)).segmentCount).toBe(0);
  });
});

describe('POST /v1/datasets/{id}/qa/import', () => {
  it('imports a csv with question/answer headers as a file of type qa', async () => {
    const dataset = await createDataset(t, operator);
    const csv =
      'id,question,answer\n1,退货期限是多久？,七天无理由退货。\n2,"Who pays, and when?","The buyer, on delivery."\n';
    const file = await importQa(dataset.id, 'faq.csv', Buffer.from(csv));
    expect(file).toMatchObject({ type: 'qa', status: 'done', error: null, segmentCount: 2 });
    const rows = await segmentRows(t, { fileId: file.id });
    expect(rows.map((r) => [r.question, r.answer, r.text])).toEqual([
      ['退货期限是多久？', '七天无理由退货。', '退货期限是多久？\n七天无理由退货。'],
      ['Who pays, and when?', 'The buyer, on delivery.', 'Who pays, and when?\nThe buyer, on delivery.'],
    ]);
    expect(rows[0]?.searchText).toBe(searchText('退货期限是多久？\n退货期限是多久？\n七天无理由退货。'));
    const job = (await t.get('/v1/tasks', { token: operator }))
      .json()
      .list.find((task: { fileId: string }) => task.fileId === file.id);
    expect(job).toMatchObject({ type: 'importQa', status: 'done', title: 'faq.csv' });
    expect(await datasetOf(dataset.id)).toMatchObject({ fileCount: 1, segmentCount: 2 });
  });

  it('imports an xlsx with 问题/答案 headers, and one without headers from its first two columns', async () => {
    const dataset = await createDataset(t, operator);
    const headed = await importQa(
      dataset.id,
      'faq.xlsx',
      await xlsx({
        问答: [
          ['答案', '问题'],
          ['七天', '退货期限？'],
          ['买家', '谁付运费？'],
        ],
      }),
    );
    expect(headed).toMatchObject({ status: 'done', segmentCount: 2 });
    expect((await segmentRows(t, { fileId: headed.id })).map((r) => [r.question, r.answer])).toEqual([
      ['退货期限？', '七天'],
      ['谁付运费？', '买家'],
    ]);
    const bare = await importQa(dataset.id, 'bare.csv', Buffer.from('How long?,Seven days\nWho pays?,The buyer\n'));
    expect((await segmentRows(t, { fileId: bare.id })).map((r) => [r.question, r.answer])).toEqual([
      ['How long?', 'Seven days'],
      ['Who pays?', 'The buyer'],
    ]);
  });

  it('skips rows with an empty question or answer and names them', async () => {
    const dataset = await createDataset(t, operator);
    const csv = 'question,answer\nQ1,A1\n,A2\nQ3,\nQ4,A4\n';
    const file = await importQa(dataset.id, 'partial.csv', Buffer.from(csv));
    expect(file).toMatchObject({
      status: 'done',
      segmentCount: 2,
      error: 'These rows have an empty question or answer and were skipped: 3, 4',
    });
    const task = (await t.get('/v1/tasks', { token: operator, headers: en }))
      .json()
      .list.find((x: { fileId: string }) => x.fileId === file.id);
    expect(task).toMatchObject({
      status: 'done',
      error: 'These rows have an empty question or answer and were skipped: 3, 4',
    });
  });

  it('imports nothing when no row is valid, or without two columns', async () => {
    const dataset = await createDataset(t, operator);
    const none = await importQa(dataset.id, 'none.csv', Buffer.from('question,answer\nQ1,\n,A2\n'));
    expect(none).toMatchObject({
      status: 'failed',
      segmentCount: 0,
      error: 'Nothing imported: these rows have an empty question or answer: 2, 3',
    });
    const narrow = await importQa(dataset.id, 'narrow.csv', Buffer.from('just one column\nvalue\n'));
    expect(narrow).toMatchObject({ status: 'failed', segmentCount: 0 });
    expect(narrow.error).toMatch(/^Two columns are needed/);
    const empty = await importQa(dataset.id, 'empty.csv', Buffer.alloc(0));
    expect(empty).toMatchObject({ status: 'failed', error: 'The file contains no text' });
    expect(await datasetOf(dataset.id)).toMatchObject({ segmentCount: 0, fileCount: 3 });
  });

  it('answers 422 for anything but csv or xlsx; 404 elsewhere; 403 to agents', async () => {
    const dataset = await createDataset(t, operator);
    const res = await upload(t, operator, dataset.id, 'faq.docx', docx(['Q', 'A']), {}, 'qa/import');
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'file'], type: 'UNSUPPORTED_FILE_TYPE' });
    const foreign = await upload(t, otherTenant, dataset.id, 'faq.csv', Buffer.from('q,a\n'), {}, 'qa/import');
    expect(foreign.statusCode).toBe(404);
    expect((await upload(t, agent, dataset.id, 'faq.csv', Buffer.from('q,a\n'), {}, 'qa/import')).statusCode).toBe(403);
    expect(
      (await t.get(`/v1/datasets/${dataset.id}/files`, { token: operator })).json<{ list: DatasetFile[] }>().list,
    ).toEqual([]);
  });
});
