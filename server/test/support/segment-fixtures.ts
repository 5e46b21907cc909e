import { randomUUID } from 'node:crypto';
import type { Dataset, User } from '@flotilla/shared/contracts';
import { scoped } from '../../src/db/scoped';
import { isoNow } from '../../src/lib/clock';
import { toBytes } from '../../src/search/embeddings';
import { searchText } from '../../src/search/tokenize';
import type { TestApp } from '../helper';

export type SeededSegments = { fileId: string | null; ids: string[] };

export async function tenantOf(t: TestApp, token: string): Promise<string> {
  return (await t.get('/v1/users/me', { token })).json<User>().tenantId;
}

/** A dataset through the API (`embeddingModel`: one of the app's configured embedding models). */
export async function newDataset(t: TestApp, token: string, embeddingModel?: string): Promise<Dataset> {
  const res = await t.post('/v1/datasets', {
    token,
    body: { name: `Dataset ${randomUUID().slice(0, 8)}`, ...(embeddingModel ? { embeddingModel } : {}) },
  });
  if (res.statusCode !== 200) throw new Error(`create dataset failed: ${res.statusCode} ${res.body}`);
  return res.json<Dataset>();
}

type Passage = string | { question: string; answer: string };

/**
 * Writes segments straight through the data layer, as the ingestion pipeline stores them (text, or a QA
 * pair as question + newline + answer; `search_text` from searchText(); a vector when the dataset has an
 * embedding model), in a file of `fileName` (status done) or, with `fileName` null, as hand-entered pairs.
 * The dataset's and file's counts follow.
 */
export async function seedSegments(
  t: TestApp,
  tenantId: string,
  dataset: Pick<Dataset, 'id' | 'embeddingModel'>,
  fileName: string | null,
  passages: Passage[],
  options: { status?: 'done' | 'parsing' } = {},
): Promise<SeededSegments> {
  const tenant = scoped(t.app.db, tenantId);
  const now = new Date().toISOString();
  const fileId = fileName === null ? null : randomUUID();
  if (fileId !== null) {
    await tenant
      .insertInto('datasetFiles', {
        id: fileId,
        datasetId: dataset.id,
        catalogueId: null,
        name: fileName as string,
        type: 'txt',
        size: passages.length * 100,
        contentType: 'text/plain',
        storageKey: `test/${fileId}`,
        status: options.status ?? 'done',
        error: null,
        segmentCount: passages.length,
        chunkSize: 500,
        overlap: 50,
        separators: '[]',
        jobId: null,
        createdBy: 'test',
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  }
  const rows = passages.map((passage, position) => {
    const question = typeof passage === 'string' ? null : passage.question;
    const answer = typeof passage === 'string' ? null : passage.answer;
    const text = typeof passage === 'string' ? passage : `${passage.question}\n${passage.answer}`;
    return {
      id: randomUUID(),
      datasetId: dataset.id,
      fileId,
      position,
      text,
      question,
      answer,
      enabled: 1 as const,
      searchText: searchText((question ? `${question}\n` : '') + text),
      embedding: null as Buffer | null,
      createdAt: now,
      updatedAt: now,
    };
  });
  if (dataset.embeddingModel) {
    const vectors = await t.app.embedder.embed(
      dataset.embeddingModel,
      rows.map((row) => row.text),
    );
    rows.forEach((row, i) => (row.embedding = toBytes(vectors[i] as Float32Array)));
  }
  if (rows.length > 0) await tenant.insertInto('segments', rows).execute();
  await tenant
    .updateTable('datasets')
    // updatedAt too, as every change of a dataset's segments raises it (lockDataset): searches read its vectors again.
    .set((eb) => ({
      segmentCount: eb('segmentCount', '+', rows.length),
      fileCount: eb('fileCount', '+', fileId ? 1 : 0),
      updatedAt: isoNow(),
    }))
    .where('id', '=', dataset.id)
    .execute();
  return { fileId, ids: rows.map((row) => row.id) };
}

/** `POST /v1/datasets/segments` as `token`; the body's paging defaults are the schema's. */
export function searchSegments(t: TestApp, token: string, body: Record<string, unknown>) {
  return t.post('/v1/datasets/segments', { token, body, headers: { 'accept-language': 'en' } });
}
