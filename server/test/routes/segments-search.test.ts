import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Dataset, SegmentListResponse } from '@flotilla/shared/contracts';
import { TOTAL_LIMIT } from '../../src/plugins/app/segments/segments-repository';
import { useTestApp } from '../helper';
import { newDataset, searchSegments, seedSegments, tenantOf, type SeededSegments } from '../support/segment-fixtures';

const t = useTestApp();

let admin: string;
let tenantId: string;
let policies: Dataset;
let other: Dataset;
let zh: SeededSegments;
let en: SeededSegments;

// Unrelated passages, so that no word of the tests is in most segments (BM25 gives such a word no weight).
const FILLER = [
  '门店营业时间为每天上午九点到晚上十点。',
  '会员积分可以在下次购物时抵扣现金。',
  '发票会在订单完成后七个工作日内开具。',
  'Our stores open at nine in the morning and close at ten in the evening.',
  'Gift cards never expire and can be used online and in stores.',
  'Invoices are issued within seven working days after delivery.',
  '客服热线的工作时间是周一到周五。',
  'Members collect points on every purchase.',
];

const search = (body: Record<string, unknown>, token = admin) => searchSegments(t, token, body);
const list = async (body: Record<string, unknown>, token = admin) => {
  const res = await search(body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SegmentListResponse>();
};

beforeAll(async () => {
  admin = await t.login();
  tenantId = await tenantOf(t, admin);
  policies = await newDataset(t, admin);
  other = await newDataset(t, admin);
  zh = await seedSegments(t, tenantId, policies, '售后政策.txt', [
    '我们的退货政策是：收到商品后七天内可以无理由退货，商品需保持完好。',
    '运费由买家承担，质量问题导致的退货除外。',
    '退款会在收到退货后三个工作日内原路退回。',
  ]);
  en = await seedSegments(t, tenantId, policies, 'policies.md', [
    'Our return policy: items can be returned within 30 days of delivery.',
    'Shipping is free for orders over 50 dollars; other orders pay a flat shipping fee.',
    'Damaged items are refunded in full, and we pay the shipping.',
    'Free gifts are not included in returns.',
  ]);
  await seedSegments(t, tenantId, other, 'filler.txt', FILLER);
});

describe('POST /v1/datasets/segments — full-text search', () => {
  it('finds 我们的退货政策是… for 退货政策 and for a whole question, with real Chinese words', async () => {
    for (const query of ['退货政策', '你们的退货政策是什么？']) {
      const result = await list({ query, mode: 'fulltext' });
      expect(result.mode).toBe('fulltext');
      expect(result.list[0]).toMatchObject({
        id: zh.ids[0],
        fileId: zh.fileId,
        fileName: '售后政策.txt',
        datasetId: policies.id,
        score: 1,
        enabled: true,
      });
      expect(result.total).toBeGreaterThanOrEqual(1);
      expect(typeof result.tookMs).toBe('number');
    }
    // Words, not characters: 政 alone is no word of the index.
    expect((await list({ query: '政', mode: 'fulltext' })).list).toEqual([]);
  });

  it('finds "return policy" for "return policies" (stems), and ranks the segment with both words first', async () => {
    const result = await list({ query: 'return policies', mode: 'fulltext' });
    expect(result.list[0]).toMatchObject({ id: en.ids[0], score: 1 });
    // "returns" and "returned" are the same stem: the other segment with it is found too, with half the words.
    expect(result.list.map((hit) => hit.id)).toContain(en.ids[3]);
    expect(result.list.find((hit) => hit.id === en.ids[3])?.score).toBe(0.5);

    const shipping = await list({ query: 'free shipping', mode: 'fulltext' });
    expect(shipping.list[0]?.id).toBe(en.ids[1]);
    expect(shipping.list.map((hit) => hit.id)).toEqual(expect.arrayContaining([en.ids[2], en.ids[3]]));
    for (const hit of shipping.list) expect(hit.score).toBeGreaterThan(0);
    const scores = shipping.list.map((hit) => hit.score as number);
    expect(Math.max(...scores)).toBeLessThanOrEqual(1);
  });

  it('takes FTS syntax in a query as words, never as an error', async () => {
    for (const query of [
      '"foo" OR bar*',
      'NEAR(',
      'NEAR(return policy, 2)',
      'return AND',
      'NOT 退货',
      'text:退货',
      '{text}: x',
      '^return',
      '(((',
      '"',
      "'",
      '\\',
      '*',
      'a"b\'c\\d',
      '退货"政策',
      '\u0000退货',
    ]) {
      const res = await search({ query, mode: 'fulltext' });
      expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
    }
    expect((await list({ query: '"return" OR policy*', mode: 'fulltext' })).list[0]?.id).toBe(en.ids[0]);
    expect((await list({ query: 'NEAR(退货 政策)', mode: 'fulltext' })).list[0]?.id).toBe(zh.ids[0]);
  });

  it('answers an empty page for a blank query or one without words', async () => {
    for (const query of ['', '   ', '？？！', '...']) {
      expect(await list({ query })).toMatchObject({ list: [], total: 0 });
    }
  });

  it('searches the datasets given (default: all of the tenant) and one file when fileId is given', async () => {
    expect((await list({ query: '会员积分', mode: 'fulltext', datasetIds: [policies.id] })).list).toEqual([]);
    expect((await list({ query: '会员积分', mode: 'fulltext', datasetIds: [other.id] })).list).toHaveLength(1);
    expect((await list({ query: '会员积分', mode: 'fulltext' })).list).toHaveLength(1);
    const inFile = await list({ query: '退货 shipping', mode: 'fulltext', fileId: en.fileId });
    expect(inFile.list.length).toBeGreaterThan(0);
    for (const hit of inFile.list) expect(hit.fileId).toBe(en.fileId);
  });

  it('pages through hits with the total of all matches, also when other datasets rank higher', async () => {
    const many = await newDataset(t, admin);
    // Shorter and denser in the word: these rank above every segment of `many` in the whole index.
    const louder = await newDataset(t, admin);
    await seedSegments(
      t,
      tenantId,
      louder,
      'louder.txt',
      Array.from({ length: 30 }, (_, i) => `Warranty warranty ${i}.`),
    );
    await seedSegments(
      t,
      tenantId,
      many,
      'warranty.txt',
      Array.from(
        { length: 25 },
        (_, i) => `Warranty note ${i}: the warranty covers ${'parts '.repeat(1 + (i % 5))}for two years.`,
      ),
    );
    const first = await list({ query: 'warranty', mode: 'fulltext', datasetIds: [many.id], offset: 0, limit: 10 });
    const second = await list({ query: 'warranty', mode: 'fulltext', datasetIds: [many.id], offset: 10, limit: 10 });
    const last = await list({ query: 'warranty', mode: 'fulltext', datasetIds: [many.id], offset: 20, limit: 10 });
    expect([first.total, second.total, last.total]).toEqual([25, 25, 25]);
    expect([first.list.length, second.list.length, last.list.length]).toEqual([10, 10, 5]);
    expect(new Set([...first.list, ...second.list, ...last.list].map((hit) => hit.id)).size).toBe(25);
    for (const hit of [...first.list, ...second.list, ...last.list]) expect(hit.datasetId).toBe(many.id);
    expect(
      await list({ query: 'warranty', mode: 'fulltext', datasetIds: [many.id], offset: 40, limit: 10 }),
    ).toMatchObject({ list: [], total: 25 });
    expect((await list({ query: 'warranty', mode: 'fulltext' })).total).toBe(55);
  });

  it(`counts matches up to ${TOTAL_LIMIT}, and still pages beyond`, async () => {
    const big = await newDataset(t, admin);
    await seedSegments(
      t,
      tenantId,
      big,
      'gadgets.txt',
      Array.from({ length: TOTAL_LIMIT + 20 }, (_, i) => `Gadget number ${i} ships in a box.`),
    );
    expect((await list({ query: 'gadget', mode: 'fulltext', datasetIds: [big.id], limit: 10 })).total).toBe(
      TOTAL_LIMIT,
    );
    const beyond = await list({
      query: 'gadget',
      mode: 'fulltext',
      datasetIds: [big.id],
      offset: TOTAL_LIMIT,
      limit: 50,
    });
    expect(beyond.list).toHaveLength(20);
    expect(beyond.total).toBe(TOTAL_LIMIT + 20);
  });

  it('falls back to full-text for vector and hybrid when no dataset has vectors, and says so', async () => {
    for (const mode of ['vector', 'hybrid', undefined]) {
      const result = await list({ query: '退货政策', ...(mode ? { mode } : {}) });
      expect(result.mode).toBe('fulltext');
      expect(result.list[0]?.id).toBe(zh.ids[0]);
    }
  });

  it('refuses bad input with 422', async () => {
    expect((await search({ query: 'x'.repeat(1001) })).statusCode).toBe(422);
    expect((await search({ query: 'x', mode: 'semantic' })).statusCode).toBe(422);
    expect((await search({ query: 'x', limit: 201 })).statusCode).toBe(422);
    expect((await search({ query: 'x', offset: -1 })).statusCode).toBe(422);
  });
});

describe('POST /v1/datasets/segments — a file', () => {
  it("lists a file's segments in position order, disabled ones included, paged", async () => {
    const res = await t.put(`/v1/datasets/segments/${en.ids[1]}`, { token: admin, body: { enabled: false } });
    expect(res.statusCode).toBe(200);
    const all = await list({ fileId: en.fileId });
    expect(all.total).toBe(4);
    expect(all.list.map((segment) => segment.position)).toEqual([0, 1, 2, 3]);
    expect(all.list.map((segment) => segment.id)).toEqual(en.ids);
    expect(all.list[1]).toMatchObject({ enabled: false, fileName: 'policies.md', catalogueId: null });
    expect(all.list[0]).not.toHaveProperty('score');
    const page = await list({ fileId: en.fileId, offset: 1, limit: 2 });
    expect(page).toMatchObject({ total: 4 });
    expect(page.list.map((segment) => segment.id)).toEqual(en.ids.slice(1, 3));
    await t.put(`/v1/datasets/segments/${en.ids[1]}`, { token: admin, body: { enabled: true } });
  });

  it('answers 404 FILE_NOT_FOUND for a file that is not there, 404 DATASET_NOT_FOUND for such a dataset', async () => {
    const res = await search({ fileId: '7f0c3f0e-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'FILE_NOT_FOUND', message: 'File not found' });
    expect((await search({ fileId: '7f0c3f0e-0000-4000-8000-000000000000', query: 'x' })).json().code).toBe(
      'FILE_NOT_FOUND',
    );
    const missing = await search({ query: 'x', datasetIds: [policies.id, 'no-such-dataset'] });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('DATASET_NOT_FOUND');
  });
});

describe('disabled and deleted segments', () => {
  it('never finds a disabled segment, and finds it again once enabled', async () => {
    expect(
      (await t.put(`/v1/datasets/segments/${zh.ids[0]}`, { token: admin, body: { enabled: false } })).json(),
    ).toMatchObject({ id: zh.ids[0], enabled: false });
    const hidden = await list({ query: '退货政策', mode: 'fulltext' });
    expect(hidden.list.map((hit) => hit.id)).not.toContain(zh.ids[0]);
    expect(
      (await t.put(`/v1/datasets/segments/${zh.ids[0]}`, { token: admin, body: { enabled: true } })).statusCode,
    ).toBe(200);
    expect((await list({ query: '退货政策', mode: 'fulltext' })).list[0]?.id).toBe(zh.ids[0]);
  });

  it('drops the segments of a deleted dataset from the index', async () => {
    const doomed = await newDataset(t, admin);
    await seedSegments(t, tenantId, doomed, 'doomed.txt', [
      'Zeppelins are delivered by airship.',
      'Another zeppelin note.',
    ]);
    expect((await list({ query: 'zeppelin', mode: 'fulltext' })).total).toBe(2);
    expect((await t.del(`/v1/datasets/${doomed.id}`, { token: admin })).statusCode).toBe(200);
    expect(await list({ query: 'zeppelin', mode: 'fulltext' })).toMatchObject({ list: [], total: 0 });
    if (t.app.dbDialect === 'sqlite') {
      // The external-content index agrees with its table (FTS5 raises an error when it does not).
      await sql`insert into segments_fts (segments_fts) values ('integrity-check')`.execute(t.app.db);
    }
  });
});

describe('tenants and roles', () => {
  it("never finds another tenant's segments, nor lets it name them", async () => {
    const stranger = await t.createTenant(admin);
    const strangerTenant = await tenantOf(t, stranger.token);
    const theirs = await newDataset(t, stranger.token);
    await seedSegments(t, strangerTenant, theirs, 'theirs.txt', [
      '我们的退货政策是：三十天内退货。',
      'Their return policy is ninety days.',
    ]);

    const mine = await list({ query: '退货政策 return policy', mode: 'fulltext' });
    expect(mine.list.length).toBeGreaterThan(0);
    for (const hit of mine.list) expect([policies.id, other.id]).toContain(hit.datasetId);
    const theirsOnly = await list({ query: '退货政策 return policy', mode: 'fulltext' }, stranger.token);
    expect(theirsOnly.list.length).toBe(2);
    for (const hit of theirsOnly.list) expect(hit.datasetId).toBe(theirs.id);

    for (const body of [
      { query: '退货', datasetIds: [policies.id] },
      { query: '退货', datasetIds: [theirs.id, policies.id] },
    ]) {
      const res = await search(body, stranger.token);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('DATASET_NOT_FOUND');
    }
    expect((await search({ fileId: zh.fileId }, stranger.token)).json().code).toBe('FILE_NOT_FOUND');
    expect((await search({ fileId: zh.fileId, query: '退货' }, stranger.token)).json().code).toBe('FILE_NOT_FOUND');

    const put = await t.put(`/v1/datasets/segments/${zh.ids[0]}`, { token: stranger.token, body: { enabled: false } });
    expect(put.statusCode).toBe(404);
    expect(put.json().code).toBe('SEGMENT_NOT_FOUND');
    const del = await t.del(`/v1/datasets/segments/${zh.ids[0]}`, { token: stranger.token });
    expect(del.statusCode).toBe(404);
    expect(del.json().code).toBe('SEGMENT_NOT_FOUND');
    expect((await list({ query: '退货政策', mode: 'fulltext' })).list[0]).toMatchObject({
      id: zh.ids[0],
      enabled: true,
    });
  });

  it('lets operators search and edit, refuses agents (403) and anonymous callers (401)', async () => {
    const operator = await t.createUser(admin, 'operator');
    expect((await search({ query: '退货' }, operator.token)).statusCode).toBe(200);
    const agent = await t.createUser(admin, 'agent');
    expect((await search({ query: '退货' }, agent.token)).statusCode).toBe(403);
    expect((await search({ fileId: zh.fileId }, agent.token)).statusCode).toBe(403);
    expect(
      (await t.put(`/v1/datasets/segments/${zh.ids[0]}`, { token: agent.token, body: { enabled: false } })).statusCode,
    ).toBe(403);
    expect((await t.del(`/v1/datasets/segments/${zh.ids[0]}`, { token: agent.token })).statusCode).toBe(403);
    expect((await t.post('/v1/datasets/segments', { body: { query: '退货' } })).statusCode).toBe(401);
  });
});
