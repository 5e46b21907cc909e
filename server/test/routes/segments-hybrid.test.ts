import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dataset, SegmentListResponse } from '@flotilla/shared/contracts';
import { useTestApp } from '../helper';
import { startFakeOpenAi } from '../support/fake-openai';
import { newDataset, searchSegments, seedSegments, tenantOf, type SeededSegments } from '../support/segment-fixtures';

const upstream = await startFakeOpenAi();
const EMBEDDINGS = [
  { id: 'fake-embed', name: 'Fake embeddings', baseUrl: upstream.baseUrl, apiKey: 'sk-test', model: 'fake-embed-v1' },
];
const t = useTestApp({ config: { embeddingModels: EMBEDDINGS } });
afterAll(() => upstream.close());

let admin: string;
let tenantId: string;
let withVectors: Dataset;
let seeded: SeededSegments;

const list = async (body: Record<string, unknown>) => {
  const res = await searchSegments(t, admin, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SegmentListResponse>();
};

beforeAll(async () => {
  admin = await t.login();
  tenantId = await tenantOf(t, admin);
  withVectors = await newDataset(t, admin, 'fake-embed');
  seeded = await seedSegments(t, tenantId, withVectors, 'refunds.md', [
    // 0: shares no word with "money back", but means it (the fake model folds money/cash into refund).
    'Refunds paid fast.',
    // 1: has "back" in words and "refund" in meaning: found by both lists.
    'Bring the item back to any store for a refund.',
    // 2: has "back" only.
    'The back office opens at noon.',
    'Gift cards can be bought online.',
    'Stores open at nine.',
  ]);
});

describe('vector and hybrid search with an OpenAI-compatible embeddings endpoint', () => {
  it('finds by meaning with vectors what full-text cannot, and fuses both lists by reciprocal rank', async () => {
    const fullText = await list({ query: 'money back', mode: 'fulltext', datasetIds: [withVectors.id] });
    expect(fullText.mode).toBe('fulltext');
    expect(fullText.list.map((hit) => hit.id).sort()).toEqual([seeded.ids[1], seeded.ids[2]].sort());

    const vector = await list({ query: 'money back', mode: 'vector', datasetIds: [withVectors.id] });
    expect(vector.mode).toBe('vector');
    expect(vector.list.slice(0, 2).map((hit) => hit.id)).toEqual(
      expect.arrayContaining([seeded.ids[0], seeded.ids[1]]),
    );
    // Unrelated texts score far lower (a bag of words in 64 buckets shares a bucket now and then).
    for (const hit of vector.list.slice(2)) expect(hit.score).toBeLessThan(vector.list[1]!.score as number);
    for (const hit of vector.list) expect(hit.score).toBeGreaterThan(0);
    expect(vector.total).toBe(vector.list.length);

    const hybrid = await list({ query: 'money back', mode: 'hybrid', datasetIds: [withVectors.id] });
    expect(hybrid.mode).toBe('hybrid');
    // In both lists: first. Then the one only meaning matches and the one only words match.
    expect(hybrid.list[0]?.id).toBe(seeded.ids[1]);
    expect(hybrid.list.map((hit) => hit.id)).toEqual(expect.arrayContaining([seeded.ids[0], seeded.ids[2]]));
    // A hybrid score is the better of the share of words and the cosine similarity.
    const top = hybrid.list[0]!;
    expect(top.score).toBeCloseTo(Math.max(0.5, vector.list.find((hit) => hit.id === top.id)!.score as number), 3);
    expect(hybrid.total).toBe(hybrid.list.length);
    // The query was embedded for the search (no other text).
    expect(upstream.embedded).toContain('money back');
  });

  it('falls back to full-text, without an error, when no dataset has vectors or the endpoint fails', async () => {
    const plain = await newDataset(t, admin);
    const plainSegments = await seedSegments(t, tenantId, plain, 'plain.md', ['Bring it back within a week.']);
    for (const mode of ['vector', 'hybrid']) {
      const result = await list({ query: 'money back', mode, datasetIds: [plain.id] });
      expect(result).toMatchObject({ mode: 'fulltext', total: 1, list: [{ id: plainSegments.ids[0] }] });
    }
    // A dataset with an embedding model but no vectors stored yet (e.g. before its files are indexed).
    const pending = await newDataset(t, admin, 'fake-embed');
    await seedSegments(t, tenantId, { ...pending, embeddingModel: null }, 'pending.md', ['Money back guarantee.']);
    expect((await list({ query: 'money back', mode: 'hybrid', datasetIds: [pending.id] })).mode).toBe('fulltext');

    upstream.embeddings.fail = true;
    try {
      const result = await list({ query: 'money back', mode: 'hybrid', datasetIds: [withVectors.id] });
      expect(result.mode).toBe('fulltext');
      expect(result.list.map((hit) => hit.id).sort()).toEqual([seeded.ids[1], seeded.ids[2]].sort());
    } finally {
      upstream.embeddings.fail = false;
    }
  });

  it('computes the vector again when a segment is edited (and refuses the edit when the endpoint fails)', async () => {
    const { ids } = await seedSegments(t, tenantId, withVectors, 'edit.md', ['Opening hours of the warehouse.']);
    const before = (await list({ query: 'cash', mode: 'vector', datasetIds: [withVectors.id] })).list.map(
      (hit) => hit.id,
    );
    expect(before).not.toContain(ids[0]);
    const res = await t.put(`/v1/datasets/segments/${ids[0]}`, {
      token: admin,
      body: { text: 'Refunds are paid to your card.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await list({ query: 'cash', mode: 'vector', datasetIds: [withVectors.id] });
    expect(after.list.map((hit) => hit.id)).toContain(ids[0]);

    upstream.embeddings.fail = true;
    try {
      const failed = await t.put(`/v1/datasets/segments/${ids[0]}`, {
        token: admin,
        body: { text: 'Something else entirely.' },
        headers: { 'accept-language': 'en' },
      });
      expect(failed.statusCode).toBe(502);
      expect(failed.json().code).toBe('PROVIDER_ERROR');
    } finally {
      upstream.embeddings.fail = false;
    }
    const row = await t.app.db.selectFrom('segments').select('text').where('id', '=', ids[0]).executeTakeFirstOrThrow();
    expect(row.text).toBe('Refunds are paid to your card.');
  });

  it('finds segments added and stops finding deleted ones right after, though the vectors are kept between searches', async () => {
    const dataset = await newDataset(t, admin, 'fake-embed');
    const { fileId, ids } = await seedSegments(t, tenantId, dataset, 'kept.md', ['Opening hours of the store.']);
    const search = async () =>
      (await list({ query: 'cash', mode: 'vector', datasetIds: [dataset.id] })).list.map((hit) => hit.id);
    expect(await search()).not.toContain(ids[0]);

    const added = await t.post(`/v1/datasets/${dataset.id}/files/${fileId}/segments`, {
      token: admin,
      body: { text: 'Refunds go back to your card.' },
    });
    expect(added.statusCode, added.body).toBe(200);
    const addedId = added.json<{ id: string }>().id;
    expect(await search()).toContain(addedId);

    expect((await t.del(`/v1/datasets/segments/${addedId}`, { token: admin })).statusCode).toBe(200);
    expect(await search()).not.toContain(addedId);
  });

  it('never finds a disabled segment by its vector', async () => {
    await t.put(`/v1/datasets/segments/${seeded.ids[0]}`, { token: admin, body: { enabled: false } });
    try {
      for (const mode of ['vector', 'hybrid']) {
        const result = await list({ query: 'money back', mode, datasetIds: [withVectors.id] });
        expect(result.list.map((hit) => hit.id)).not.toContain(seeded.ids[0]);
      }
    } finally {
      await t.put(`/v1/datasets/segments/${seeded.ids[0]}`, { token: admin, body: { enabled: true } });
    }
  });
});
