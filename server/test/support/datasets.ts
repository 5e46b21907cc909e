import type { Dataset, DatasetFile } from '@flotilla/shared/contracts';
import { visibleSegment } from '../../src/plugins/app/segments/segment-visibility';
import type { TestApp } from '../helper';
import { uploadForm } from './documents';

export const en = { 'accept-language': 'en' };

/** Creates a dataset; fails the test when it cannot. */
export async function createDataset(t: TestApp, token: string, body: Record<string, unknown> = {}): Promise<Dataset> {
  const res = await t.post('/v1/datasets', {
    token,
    body: { name: `Dataset ${Math.random().toString(36).slice(2, 8)}`, ...body },
  });
  if (res.statusCode !== 200) throw new Error(`create dataset failed: ${res.statusCode} ${res.body}`);
  return res.json<Dataset>();
}

/** `POST /v1/datasets/{id}/files` (or another multipart call of the dataset: `files/preview`, `qa/import`). */
export function upload(
  t: TestApp,
  token: string,
  datasetId: string,
  filename: string,
  content: Buffer,
  fields: Record<string, string> = {},
  path = 'files',
) {
  const form = uploadForm(filename, content, fields);
  return t.post(`/v1/datasets/${datasetId}/${path}`, { token, body: form.body, headers: { ...form.headers, ...en } });
}

/** Uploads, waits for the file's job to end, and answers the file as the API then shows it. */
export async function uploadAndWait(
  t: TestApp,
  token: string,
  datasetId: string,
  filename: string,
  content: Buffer,
  fields: Record<string, string> = {},
  path = 'files',
): Promise<DatasetFile> {
  const res = await upload(t, token, datasetId, filename, content, fields, path);
  if (res.statusCode !== 200) throw new Error(`upload ${filename} failed: ${res.statusCode} ${res.body}`);
  const file = res.json<DatasetFile>();
  await t.app.jobs.waitFor(file.jobId as string);
  return (await t.get(`/v1/datasets/${datasetId}/files/${file.id}`, { token, headers: en })).json<DatasetFile>();
}

/**
 * The segments of a file (or the hand-entered QA pairs of a dataset: `fileId` null) straight from the database, in
 * order: those readers see (not the rows of a generation being staged or deleted).
 */
export async function segmentRows(t: TestApp, where: { fileId: string } | { datasetId: string; fileId: null }) {
  let query = t.app.db.selectFrom('segments').selectAll().where(visibleSegment());
  query =
    where.fileId === null
      ? query.where('datasetId', '=', (where as { datasetId: string }).datasetId).where('fileId', 'is', null)
      : query.where('fileId', '=', where.fileId);
  return query.orderBy('position').execute();
}
