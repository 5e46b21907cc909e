import { vi } from 'vitest';
import {
  CHUNK_LIMITS,
  DEFAULT_SEPARATORS,
  type Catalogue,
  type CreateCatalogueBody,
  type CreateDatasetBody,
  type Dataset,
  type DatasetFile,
  type EmbeddingModel,
  type SearchSegmentsBody,
  type Segment,
  type UpdateCatalogueBody,
  type UpdateDatasetBody,
  type UpdateSegmentBody,
} from '@flotilla/shared';
import { mockFetch, type FakeRequest, type FakeResponse } from '@flotilla/shared/test';
import { fakeXhr } from './fake-xhr';

let sequence = 0;
const next = (prefix: string) => `${prefix}${(sequence += 1)}`;
const NOW = '2024-05-02T09:30:00.000Z';

/** A dataset as the server answers it; fields not given get plain values. */
export function makeDataset(patch: Partial<Dataset> = {}): Dataset {
  const id = patch.id ?? next('d');
  return {
    id,
    name: `Dataset ${id}`,
    description: '',
    fileCount: 0,
    segmentCount: 0,
    chunkSize: CHUNK_LIMITS.chunkSize.default,
    overlap: CHUNK_LIMITS.overlap.default,
    separators: [...DEFAULT_SEPARATORS],
    embeddingModel: null,
    createdAt: '2024-05-01T08:00:00.000Z',
    updatedAt: NOW,
    ...patch,
  };
}

/** A catalogue (folder) of a dataset. */
export function makeCatalogue(datasetId: string, name: string, parentId: string | null = null, id = next('c')): Catalogue {
  return { id, datasetId, parentId, name, createdAt: NOW };
}

/** A file of a dataset; parsed (`done`) unless said otherwise. */
export function makeFile(datasetId: string, patch: Partial<DatasetFile> = {}): DatasetFile {
  const id = patch.id ?? next('f');
  return {
    id,
    datasetId,
    catalogueId: null,
    name: `${id}.txt`,
    type: 'txt',
    size: 2048,
    status: 'done',
    error: null,
    segmentCount: 0,
    chunkSize: 500,
    overlap: 50,
    separators: [...DEFAULT_SEPARATORS],
    jobId: null,
    createdAt: NOW,
    updatedAt: NOW,
    ...patch,
  };
}

/** A segment of a file. */
export function makeSegment(file: DatasetFile, position: number, patch: Partial<Segment> = {}): Segment {
  return {
    id: next('s'),
    datasetId: file.datasetId,
    fileId: file.id,
    fileName: file.name,
    catalogueId: file.catalogueId,
    position,
    text: `Segment ${position + 1} of ${file.name}`,
    enabled: true,
    ...patch,
  };
}

/** What the fake server starts with. */
export type FakeDatasetsSeed = {
  datasets: Dataset[];
  catalogues: Catalogue[];
  files: DatasetFile[];
  segments: Segment[];
  embeddingModels: EmbeddingModel[];
};

const notFound = (code: string, message: string): FakeResponse => ({ status: 404, body: { code, message } });

function page<T>(list: T[], query: URLSearchParams | { offset?: number; limit?: number }) {
  const offset = Number(query instanceof URLSearchParams ? (query.get('offset') ?? 0) : (query.offset ?? 0));
  const limit = Number(query instanceof URLSearchParams ? (query.get('limit') ?? 20) : (query.limit ?? 20));
  return { list: list.slice(offset, offset + limit), total: list.length };
}

/**
 * An in-memory datasets server that behaves like the real one for the calls of this remote (filters,
 * paging, 404, 409 on moving a folder into itself, uploads through `XMLHttpRequest` with progress).
 * `override` answers a request first when it returns. The preview answers what it was asked
 * (`chunkSize/overlap`), so a test sees the settings reach the server.
 */
export function fakeDatasetsApi(initial: Dataset[] | Partial<FakeDatasetsSeed> = [], override?: (request: FakeRequest) => FakeResponse | undefined) {
  const seed: Partial<FakeDatasetsSeed> = Array.isArray(initial) ? { datasets: initial } : initial;
  const db: FakeDatasetsSeed = {
    datasets: [...(seed.datasets ?? [])],
    catalogues: [...(seed.catalogues ?? [])],
    files: [...(seed.files ?? [])],
    segments: [...(seed.segments ?? [])],
    embeddingModels: [...(seed.embeddingModels ?? [])],
  };
  const dataset = (id: string) => db.datasets.find((candidate) => candidate.id === decodeURIComponent(id));

  const requests = mockFetch((request) => {
    const overridden = override?.(request);
    if (overridden) return overridden;
    const { method, path, query } = request;
    const body = request.body as Record<string, unknown> | undefined;

    if (path === '/v1/datasets/embeddingModels' && method === 'GET') return { body: db.embeddingModels };
    if (path === '/v1/datasets' && method === 'GET') {
      const keyword = query.get('keyword')?.toLowerCase();
      return { body: page(keyword ? db.datasets.filter((one) => one.name.toLowerCase().includes(keyword)) : db.datasets, query) };
    }
    if (path === '/v1/datasets' && method === 'POST') {
      const created = makeDataset({ ...(body as CreateDatasetBody), description: (body as CreateDatasetBody).description ?? '' });
      db.datasets.unshift(created);
      return { body: created };
    }

    if (path === '/v1/datasets/segments' && method === 'POST') {
      const search = body as unknown as SearchSegmentsBody;
      if (search.fileId) {
        const list = db.segments.filter((segment) => segment.fileId === search.fileId).sort((a, b) => a.position - b.position);
        return { body: { ...page(list, search), mode: 'fulltext', tookMs: 1 } };
      }
      const words = (search.query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const hits = db.segments
        .filter((segment) => segment.enabled && (!search.datasetIds || search.datasetIds.includes(segment.datasetId)))
        .filter((segment) => words.some((word) => segment.text.toLowerCase().includes(word)))
        .map((segment, index) => ({ ...segment, score: 1 / (index + 2) }));
      const withEmbeddings = (search.datasetIds ?? []).every((id) => dataset(id)?.embeddingModel);
      const mode = search.mode && search.mode !== 'fulltext' && withEmbeddings ? search.mode : 'fulltext';
      return { body: { ...page(hits, search), mode, tookMs: 12.4 } };
    }
    const segmentMatch = /^\/v1\/datasets\/segments\/([^/]+)$/.exec(path);
    if (segmentMatch) {
      const index = db.segments.findIndex((segment) => segment.id === decodeURIComponent(segmentMatch[1]!));
      if (index < 0) return notFound('SEGMENT_NOT_FOUND', 'Segment not found');
      if (method === 'PUT') {
        db.segments[index] = { ...db.segments[index]!, ...(body as UpdateSegmentBody) };
        return { body: db.segments[index] };
      }
      if (method === 'DELETE') {
        db.segments.splice(index, 1);
        return { body: { ok: true } };
      }
    }

    const one = /^\/v1\/datasets\/([^/]+)(\/.*)?$/.exec(path);
    if (!one) return undefined;
    const found = dataset(one[1]!);
    if (!found) return notFound('DATASET_NOT_FOUND', 'Dataset not found');
    const rest = one[2] ?? '';

    if (rest === '') {
      if (method === 'GET') return { body: found };
      if (method === 'PUT') {
        Object.assign(found, body as UpdateDatasetBody, { updatedAt: '2024-06-01T00:00:00.000Z' });
        return { body: found };
      }
      if (method === 'DELETE') {
        db.datasets.splice(db.datasets.indexOf(found), 1);
        return { body: { ok: true } };
      }
    }

    if (rest === '/catalogues' && method === 'GET') return { body: db.catalogues.filter((catalogue) => catalogue.datasetId === found.id) };
    if (rest === '/catalogues' && method === 'POST') {
      const { name, parentId } = body as CreateCatalogueBody;
      const created = makeCatalogue(found.id, name, parentId ?? null);
      db.catalogues.push(created);
      return { body: created };
    }
    const catalogueMatch = /^\/catalogues\/([^/]+)$/.exec(rest);
    if (catalogueMatch) {
      const catalogue = db.catalogues.find((candidate) => candidate.id === decodeURIComponent(catalogueMatch[1]!));
      if (!catalogue) return notFound('CATALOGUE_NOT_FOUND', 'Catalogue not found');
      if (method === 'PUT') {
        const change = body as UpdateCatalogueBody;
        if (change.parentId !== undefined && change.parentId !== null) {
          // Into itself or its own subtree: the server's 409.
          let cursor: string | null = change.parentId;
          while (cursor) {
            if (cursor === catalogue.id) return { status: 409, body: { code: 'CONFLICT', message: 'A catalogue cannot be moved into itself' } };
            cursor = db.catalogues.find((candidate) => candidate.id === cursor)?.parentId ?? null;
          }
        }
        Object.assign(catalogue, change);
        return { body: catalogue };
      }
      if (method === 'DELETE') {
        db.catalogues = db.catalogues.filter((candidate) => candidate.id !== catalogue.id && candidate.parentId !== catalogue.id);
        return { body: { ok: true } };
      }
    }

    if (rest === '/files' && method === 'GET') {
      const catalogueId = query.get('catalogueId');
      const keyword = query.get('keyword')?.toLowerCase();
      const status = query.get('status');
      const list = db.files
        .filter((file) => file.datasetId === found.id)
        .filter((file) => !catalogueId || (catalogueId === 'root' ? file.catalogueId === null : file.catalogueId === catalogueId))
        .filter((file) => !keyword || file.name.toLowerCase().includes(keyword))
        .filter((file) => !status || file.status === status);
      return { body: page(list, query) };
    }
    if (rest === '/files/delete' && method === 'POST') {
      const ids = (body as { fileIds: string[] }).fileIds;
      const before = db.files.length;
      db.files = db.files.filter((file) => !ids.includes(file.id));
      return { body: { deleted: before - db.files.length } };
    }
    if (rest === '/files/preview' && method === 'POST') {
      const form = vi.mocked(fetch).mock.calls.at(-1)?.[1]?.body as FormData;
      const chunkSize = Number(form.get('chunkSize'));
      const overlap = Number(form.get('overlap'));
      const name = (form.get('file') as File).name;
      return { body: { segments: [`${name} ${chunkSize}/${overlap} #1`, `${name} ${chunkSize}/${overlap} #2`], total: Math.ceil(10000 / chunkSize), characters: 10000 } };
    }
    if (rest === '/qa' && method === 'POST') {
      const pairs = (body as { pairs: Array<{ question: string; answer: string }> }).pairs;
      return { body: { created: pairs.length } };
    }
    const fileMatch = /^\/files\/([^/]+)(\/.*)?$/.exec(rest);
    if (fileMatch) {
      const file = db.files.find((candidate) => candidate.id === decodeURIComponent(fileMatch[1]!) && candidate.datasetId === found.id);
      if (!file) return notFound('FILE_NOT_FOUND', 'File not found');
      const action = fileMatch[2] ?? '';
      if (action === '' && method === 'GET') return { body: file };
      if (action === '/reindex' && method === 'POST') {
        Object.assign(file, { status: 'queued', error: null });
        return { body: file };
      }
      if (action === '/segments' && method === 'POST') {
        const position = db.segments.filter((segment) => segment.fileId === file.id).length;
        const created = makeSegment(file, position, { text: (body as { text: string }).text });
        db.segments.push(created);
        return { body: created };
      }
    }
    return undefined;
  });

  const xhr = fakeXhr(({ method, path, form }) => {
    const match = /^\/v1\/datasets\/([^/]+)\/(files|qa\/import)$/.exec(path);
    const target = match && method === 'POST' ? dataset(match[1]!) : undefined;
    if (!target) return undefined;
    const file = form.get('file') as File;
    const created = makeFile(target.id, {
      name: file.name,
      size: file.size,
      type: match![2] === 'qa/import' ? 'qa' : ((file.name.split('.').pop() ?? 'txt') as DatasetFile['type']),
      status: 'queued',
      catalogueId: (form.get('catalogueId') as string | null) ?? null,
      chunkSize: Number(form.get('chunkSize') ?? 500),
      overlap: Number(form.get('overlap') ?? 50),
      jobId: next('j'),
    });
    db.files.unshift(created);
    return { body: created };
  });

  return { db, requests, xhr };
}
