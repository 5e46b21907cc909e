import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dataset, DatasetFile, Segment, User } from '@flotilla/shared/contracts';
import { fromBytes } from '../../src/search/embeddings';
import { createTestApp, type TestApp } from '../helper';
import { createDataset, en, segmentRows, uploadAndWait } from '../support/datasets';
import { startFakeEmbeddings } from '../support/fake-embeddings';

let embeddings: Awaited<ReturnType<typeof startFakeEmbeddings>>;
let t: TestApp & { close: () => Promise<void> };
let admin: string;
let operator: string;
let agent: string;
let otherTenant: string;
let tenantId: string;

beforeAll(async () => {
  embeddings = await startFakeEmbeddings();
  t = await createTestApp({ config: { embeddingModels: [embeddings.model('embed-a'), embeddings.model('embed-b')] } });
  admin = await t.login();
  tenantId = (await t.get('/v1/users/me', { token: admin })).json<User>().tenantId;
  operator = (await t.createUser(admin, 'operator')).token;
  agent = (await t.createUser(admin, 'agent')).token;
  otherTenant = (await t.createTenant(admin, 'Settings Tenant B')).token;
});

afterAll(async () => {
  await t?.close();
  await embeddings?.close();
});

const datasetOf = async (id: string) => (await t.get(`/v1/datasets/${id}`, { token: operator })).json<Dataset>();

describe('GET /v1/datasets/embeddingModels', () => {
  it('lists the configured models, never their endpoints or keys', async () => {
    const res = await t.get('/v1/datasets/embeddingModels', { token: operator });
    expect(res.json()).toEqual([
      { id: 'embed-a', name: 'Fake embed-a' },
      { id: 'embed-b', name: 'Fake embed-b' },
    ]);
    expect((await t.get('/v1/datasets/embeddingModels', { token: agent })).statusCode).toBe(403);
  });
});

describe('PUT /v1/datasets/{id}', () => {
  it('edits name, description and chunk settings; new uploads use them', async () => {
    const dataset = await createDataset(t, operator, { name: 'Before' });
    const res = await t.put(`/v1/datasets/${dataset.id}`, {
      token: operator,
      body: { name: 'After', description: 'Manuals', chunkSize: 300, overlap: 30, separators: ['\n'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: dataset.id,
      name: 'After',
      description: 'Manuals',
      chunkSize: 300,
      overlap: 30,
      separators: ['\n'],
      embeddingModel: null,
    });
    expect(await datasetOf(dataset.id)).toEqual(res.json());
    const file = await uploadAndWait(t, operator, dataset.id, 'a.txt', Buffer.from('hello'));
    expect(file).toMatchObject({ chunkSize: 300, overlap: 30, separators: ['\n'] });
  });

  it('answers 422 for an unknown embedding model (on create too), 422 for bad settings, 404 elsewhere', async () => {
    const dataset = await createDataset(t, operator);
    const res = await t.put(`/v1/datasets/${dataset.id}`, {
      token: operator,
      body: { embeddingModel: 'no-such-model' },
      headers: en,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      detail: [{ loc: ['body', 'embeddingModel'], msg: 'Unknown embedding model', type: 'VALIDATION_FAILED' }],
    });
    const created = await t.post('/v1/datasets', {
      token: operator,
      body: { name: 'x', embeddingModel: 'no-such-model' },
    });
    expect(created.statusCode).toBe(422);
    expect((await t.put(`/v1/datasets/${dataset.id}`, { token: operator, body: {} })).statusCode).toBe(422);
    expect((await t.put(`/v1/datasets/${dataset.id}`, { token: operator, body: { overlap: 5000 } })).statusCode).toBe(
      422,
    );
    const missing = await t.put('/v1/datasets/no-such', { token: operator, body: { name: 'x' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('DATASET_NOT_FOUND');
    const foreign = await t.put(`/v1/datasets/${dataset.id}`, { token: otherTenant, body: { name: 'Stolen' } });
    expect(foreign.statusCode).toBe(404);
    expect((await t.put(`/v1/datasets/${dataset.id}`, { token: agent, body: { name: 'x' } })).statusCode).toBe(403);
    expect((await datasetOf(dataset.id)).name).toBe(dataset.name);
  });
});

describe('vectors', () => {
  it("stores each new segment's vector when the dataset has an embedding model", async () => {
    const dataset = await createDataset(t, operator, { embeddingModel: 'embed-a' });
    const file = await uploadAndWait(
      t,
      operator,
      dataset.id,
      'a.txt',
      Buffer.from('退货政策：七天无理由。\n\nShipping is paid by the buyer.'),
      { chunkSize: '100' },
    );
    expect(file.status).toBe('done');
    const rows = await segmentRows(t, { fileId: file.id });
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.embedding).not.toBeNull();
      const vector = fromBytes(row.embedding as Buffer);
      expect(vector).toHaveLength(8);
      expect(Math.hypot(...vector)).toBeCloseTo(1, 5);
    }
    expect(embeddings.state.inputs).toEqual(expect.arrayContaining(rows.map((row) => row.text)));

    const added = (
      await t.post(`/v1/datasets/${dataset.id}/files/${file.id}/segments`, {
        token: operator,
        body: { text: 'Added by hand.' },
      })
    ).json<Segment>();
    const qa = (
      await t.post(`/v1/datasets/${dataset.id}/qa`, {
        token: operator,
        body: { pairs: [{ question: 'Q?', answer: 'A.' }] },
      })
    ).json<Segment[]>();
    const handRows = await t.app.db
      .selectFrom('segments')
      .select(['id', 'embedding'])
      .where('id', 'in', [added.id, qa[0]!.id])
      .execute();
    for (const row of handRows) expect(row.embedding).not.toBeNull();
  });

  it('fails the file with EMBEDDING_FAILED when the endpoint fails, writing no segment', async () => {
    const dataset = await createDataset(t, operator, { embeddingModel: 'embed-a' });
    embeddings.state.fail = true;
    try {
      const file = await uploadAndWait(t, operator, dataset.id, 'a.txt', Buffer.from('Some text.'));
      expect(file).toMatchObject({
        status: 'failed',
        error: 'The embedding service failed; retry later',
        segmentCount: 0,
      });
      expect(await segmentRows(t, { fileId: file.id })).toEqual([]);
      const qa = await t.post(`/v1/datasets/${dataset.id}/qa`, {
        token: operator,
        body: { pairs: [{ question: 'Q?', answer: 'A.' }] },
        headers: en,
      });
      expect(qa.statusCode).toBe(502);
      expect(qa.json()).toEqual({ code: 'PROVIDER_ERROR', message: 'The embedding service failed; retry later' });
    } finally {
      embeddings.state.fail = false;
    }
    expect((await datasetOf(dataset.id)).segmentCount).toBe(0);
  });

  it('a new embedding model clears the old vectors and re-indexes every parsed file', async () => {
    const dataset = await createDataset(t, operator);
    const file = await uploadAndWait(t, operator, dataset.id, 'a.txt', Buffer.from('First. Second.'));
    await t.post(`/v1/datasets/${dataset.id}/qa`, {
      token: operator,
      body: { pairs: [{ question: 'Q?', answer: 'A.' }] },
    });
    expect((await segmentRows(t, { fileId: file.id }))[0]?.embedding).toBeNull();

    const res = await t.put(`/v1/datasets/${dataset.id}`, { token: operator, body: { embeddingModel: 'embed-b' } });
    expect(res.json()).toMatchObject({ embeddingModel: 'embed-b' });
    const queued = (
      await t.get(`/v1/datasets/${dataset.id}/files/${file.id}`, { token: operator })
    ).json<DatasetFile>();
    expect(queued.jobId).not.toBe(file.jobId);
    expect((await t.app.jobs.waitFor(queued.jobId as string)).type).toBe('reindexFile');
    const rows = await segmentRows(t, { fileId: file.id });
    expect(rows.length).toBe(file.segmentCount);
    for (const row of rows) expect(row.embedding).not.toBeNull();
    const hand = await segmentRows(t, { datasetId: dataset.id, fileId: null });
    expect(hand[0]?.embedding).not.toBeNull();

    // Back to none: vectors cleared, no job.
    await t.put(`/v1/datasets/${dataset.id}`, { token: operator, body: { embeddingModel: null } });
    expect((await t.get(`/v1/datasets/${dataset.id}/files/${file.id}`, { token: operator })).json().jobId).toBe(
      queued.jobId,
    );
    for (const row of await segmentRows(t, { fileId: file.id })) expect(row.embedding).toBeNull();
  });
});

describe('DELETE /v1/datasets/{id}', () => {
  it('removes its catalogues, files, segments, QA pairs and stored originals', async () => {
    const dataset = await createDataset(t, operator);
    const folder = (
      await t.post(`/v1/datasets/${dataset.id}/catalogues`, { token: operator, body: { name: 'F' } })
    ).json();
    const inFolder = await uploadAndWait(t, operator, dataset.id, 'a.txt', Buffer.from('One.'), {
      catalogueId: folder.id,
    });
    const atRoot = await uploadAndWait(t, operator, dataset.id, 'b.txt', Buffer.from('Two.'));
    await t.post(`/v1/datasets/${dataset.id}/qa`, {
      token: operator,
      body: { pairs: [{ question: 'Q?', answer: 'A.' }] },
    });

    expect((await t.del(`/v1/datasets/${dataset.id}`, { token: otherTenant })).statusCode).toBe(404);
    expect((await t.del(`/v1/datasets/${dataset.id}`, { token: agent })).statusCode).toBe(403);
    expect((await t.del(`/v1/datasets/${dataset.id}`, { token: operator })).json()).toEqual({ ok: true });

    const db = t.app.db;
    expect(await db.selectFrom('segments').select('id').where('datasetId', '=', dataset.id).execute()).toEqual([]);
    expect(await db.selectFrom('datasetFiles').select('id').where('datasetId', '=', dataset.id).execute()).toEqual([]);
    expect(await db.selectFrom('datasetCatalogues').select('id').where('datasetId', '=', dataset.id).execute()).toEqual(
      [],
    );
    for (const file of [inFolder, atRoot])
      expect(existsSync(join(t.app.config.dataDir, 'files', 'datasets', tenantId, file.id))).toBe(false);
    const gone = await t.get(`/v1/datasets/${dataset.id}`, { token: operator });
    expect(gone.statusCode).toBe(404);
    expect((await t.del(`/v1/datasets/${dataset.id}`, { token: operator })).statusCode).toBe(404);
  });
});
