import { beforeAll, describe, expect, it } from 'vitest';
import type { Dataset, Segment, SegmentListResponse } from '@flotilla/shared/contracts';
import { useTestApp } from '../helper';
import { newDataset, searchSegments, seedSegments, tenantOf } from '../support/segment-fixtures';

const t = useTestApp();

let admin: string;
let tenantId: string;
let dataset: Dataset;

const hits = async (query: string) => {
  const res = await searchSegments(t, admin, { query, mode: 'fulltext', datasetIds: [dataset.id] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SegmentListResponse>().list.map((hit) => hit.id);
};
const counts = async (fileId: string | null) => {
  const ds = await t.app.db
    .selectFrom('datasets')
    .select('segmentCount')
    .where('id', '=', dataset.id)
    .executeTakeFirstOrThrow();
  const file = fileId
    ? await t.app.db
        .selectFrom('datasetFiles')
        .select('segmentCount')
        .where('id', '=', fileId)
        .executeTakeFirstOrThrow()
    : undefined;
  return { dataset: Number(ds.segmentCount), file: file ? Number(file.segmentCount) : undefined };
};

beforeAll(async () => {
  admin = await t.login();
  tenantId = await tenantOf(t, admin);
  dataset = await newDataset(t, admin);
});

describe('PUT /v1/datasets/segments/{sid}', () => {
  it('changes the text and the index with it: the new words find it, the old ones no longer do', async () => {
    const { ids } = await seedSegments(t, tenantId, dataset, 'delivery.txt', [
      'Parcels travel by courier.',
      'Unrelated passage about gift cards.',
    ]);
    expect(await hits('courier')).toEqual([ids[0]]);
    const res = await t.put(`/v1/datasets/segments/${ids[0]}`, {
      token: admin,
      body: { text: 'Parcels travel by drone, 配送很快。' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Segment>()).toMatchObject({
      id: ids[0],
      text: 'Parcels travel by drone, 配送很快。',
      enabled: true,
      fileName: 'delivery.txt',
      position: 0,
    });
    expect(res.json()).not.toHaveProperty('question');
    expect(await hits('courier')).toEqual([]);
    expect(await hits('drones')).toEqual([ids[0]]);
    expect(await hits('配送')).toEqual([ids[0]]);
  });

  it("edits a QA pair's question and answer: its text follows, and it is found by the new question", async () => {
    const { ids } = await seedSegments(t, tenantId, dataset, null, [
      { question: '发票怎么开？', answer: '在订单页面申请。' },
    ]);
    const res = await t.put(`/v1/datasets/segments/${ids[0]}`, {
      token: admin,
      body: { question: '电子发票在哪里下载？' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Segment>()).toMatchObject({
      question: '电子发票在哪里下载？',
      answer: '在订单页面申请。',
      text: '电子发票在哪里下载？\n在订单页面申请。',
      fileId: null,
      fileName: '',
    });
    expect(await hits('电子发票 下载')).toEqual([ids[0]]);
    const answer = await t.put(`/v1/datasets/segments/${ids[0]}`, {
      token: admin,
      body: { answer: '在“我的-发票”中下载。' },
    });
    expect(answer.json<Segment>().text).toBe('电子发票在哪里下载？\n在“我的-发票”中下载。');
  });

  it('refuses a question or answer for a passage (422), bad bodies (422) and unknown segments (404)', async () => {
    const { ids } = await seedSegments(t, tenantId, dataset, 'plain.txt', ['A plain passage.']);
    const res = await t.put(`/v1/datasets/segments/${ids[0]}`, {
      token: admin,
      body: { question: 'Why?' },
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      detail: [
        {
          loc: ['body', 'question'],
          msg: 'Only a QA pair has a question and an answer to edit',
          type: 'VALIDATION_FAILED',
        },
      ],
    });
    for (const body of [{}, { text: '' }, { text: '   ' }, { enabled: 'maybe' }, { text: 'x'.repeat(20001) }]) {
      expect(
        (await t.put(`/v1/datasets/segments/${ids[0]}`, { token: admin, body })).statusCode,
        JSON.stringify(body),
      ).toBe(422);
    }
    const missing = await t.put('/v1/datasets/segments/no-such-segment', { token: admin, body: { enabled: false } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('SEGMENT_NOT_FOUND');
    expect(
      (await t.put(`/v1/datasets/segments/${ids[0]}`, { token: admin, body: { text: 'A plain passage.' } })).json(),
    ).toMatchObject({ text: 'A plain passage.' });
  });

  it('refuses to change a segment while a job parses its file (409), whose result would replace it', async () => {
    const { ids } = await seedSegments(t, tenantId, dataset, 'busy.txt', ['Being parsed again.'], {
      status: 'parsing',
    });
    const res = await t.put(`/v1/datasets/segments/${ids[0]}`, {
      token: admin,
      body: { enabled: false },
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CONFLICT');
    expect((await t.del(`/v1/datasets/segments/${ids[0]}`, { token: admin })).statusCode).toBe(409);
  });
});

describe('DELETE /v1/datasets/segments/{sid}', () => {
  it('deletes the segment from the index and counts one less in its file and dataset', async () => {
    const { ids, fileId } = await seedSegments(t, tenantId, dataset, 'faq.txt', [
      'Opening hours are nine to five.',
      'Closed on holidays.',
    ]);
    const before = await counts(fileId);
    const res = await t.del(`/v1/datasets/segments/${ids[0]}`, { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await counts(fileId)).toEqual({ dataset: before.dataset - 1, file: (before.file as number) - 1 });
    expect(await hits('opening hours')).toEqual([]);
    expect((await searchSegments(t, admin, { fileId })).json<SegmentListResponse>()).toMatchObject({
      total: 1,
      list: [{ id: ids[1] }],
    });

    const again = await t.del(`/v1/datasets/segments/${ids[0]}`, { token: admin });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('SEGMENT_NOT_FOUND');
    expect(await counts(fileId)).toEqual({ dataset: before.dataset - 1, file: (before.file as number) - 1 });
  });

  it('deletes a hand-entered QA pair (no file): only the dataset counts one less', async () => {
    const { ids } = await seedSegments(t, tenantId, dataset, null, [
      { question: 'Do you ship abroad?', answer: 'Yes, to 40 countries.' },
    ]);
    const before = await counts(null);
    expect((await t.del(`/v1/datasets/segments/${ids[0]}`, { token: admin })).statusCode).toBe(200);
    expect(await counts(null)).toEqual({ dataset: before.dataset - 1, file: undefined });
    expect(await hits('ship abroad')).toEqual([]);
  });
});
