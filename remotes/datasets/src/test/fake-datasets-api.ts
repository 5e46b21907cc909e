import {
  CHUNK_LIMITS,
  CreateCatalogue,
  CreateDataset,
  CreateQaPairs,
  CreateSegment,
  DEFAULT_SEPARATORS,
  DeleteCatalogue,
  DeleteDataset,
  DeleteDatasetFile,
  DeleteDatasetFiles,
  DeleteSegment,
  GetDataset,
  GetDatasetFile,
  ImportQaPairs,
  ListCatalogues,
  ListDatasetFiles,
  ListDatasets,
  ListEmbeddingModels,
  PreviewSplit,
  ReindexDatasetFile,
  SearchSegments,
  UpdateCatalogue,
  UpdateDataset,
  UpdateSegment,
  UploadDatasetFile,
  type Catalogue,
  type Dataset,
  type DatasetFile,
  type EmbeddingModel,
  type ErrorResponse,
  type SearchMode,
  type Segment,
  type ValidationError,
} from '@flotilla/shared';
import {
  fakeApi,
  on,
  Refusal,
  refuse,
  type FakeRequest,
  type FakeResponse,
  type FakeRoute,
} from '@flotilla/shared/test';
import { fakeXhr, onUpload, uploadsTo } from './fake-xhr';

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
export function makeCatalogue(
  datasetId: string,
  name: string,
  parentId: string | null = null,
  id = next('c'),
): Catalogue {
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

const page = <T>(list: T[], { offset, limit }: { offset: number; limit: number }) => ({
  list: list.slice(offset, offset + limit),
  total: list.length,
});

/** An override's answer in the fake API's terms: an error status becomes a refusal, a success its body. */
function overrideAnswer(response: FakeResponse): unknown {
  if (response instanceof Response) return response;
  const status = response.status ?? 200;
  return status >= 400 ? new Refusal(status, response.body as ErrorResponse | ValidationError) : response.body;
}

/**
 * An in-memory datasets server that behaves like the real one for the calls of this remote (filters,
 * paging, 404, 409 on moving a folder into itself, uploads through `XMLHttpRequest` with progress),
 * answering through the calls' endpoints: a request or an answer that breaks a contract fails the test.
 * `override` answers a request first when it returns. The preview answers what it was asked
 * (`chunkSize/overlap`), so a test sees the settings reach the server.
 */
export function fakeDatasetsApi(
  initial: Dataset[] | Partial<FakeDatasetsSeed> = [],
  override?: (request: FakeRequest) => FakeResponse | undefined,
) {
  const seed: Partial<FakeDatasetsSeed> = Array.isArray(initial) ? { datasets: initial } : initial;
  const db: FakeDatasetsSeed = {
    datasets: [...(seed.datasets ?? [])],
    catalogues: [...(seed.catalogues ?? [])],
    files: [...(seed.files ?? [])],
    segments: [...(seed.segments ?? [])],
    embeddingModels: [...(seed.embeddingModels ?? [])],
  };
  const dataset = (id: string) => db.datasets.find((candidate) => candidate.id === id);
  const noDataset = () => refuse(404, 'DATASET_NOT_FOUND', 'Dataset not found');
  /** The dataset's file named in the path, or why not. */
  const fileOf = ({ id, fid }: { id: string; fid: string }) =>
    !dataset(id)
      ? noDataset()
      : (db.files.find((file) => file.id === fid && file.datasetId === id) ??
        refuse(404, 'FILE_NOT_FOUND', 'File not found'));
  const segmentIndex = (sid: string) => db.segments.findIndex((segment) => segment.id === sid);
  const noSegment = () => refuse(404, 'SEGMENT_NOT_FOUND', 'Segment not found');

  const routes: FakeRoute[] = [
    on(ListEmbeddingModels, () => db.embeddingModels),
    on(ListDatasets, ({ query }) => {
      const keyword = query.keyword?.toLowerCase();
      return page(keyword ? db.datasets.filter((one) => one.name.toLowerCase().includes(keyword)) : db.datasets, query);
    }),
    on(CreateDataset, ({ body }) => {
      const created = makeDataset({ ...body, description: body.description ?? '' });
      db.datasets.unshift(created);
      return created;
    }),
    on(GetDataset, ({ params }) => dataset(params.id) ?? noDataset()),
    on(UpdateDataset, ({ params, body }) => {
      const found = dataset(params.id);
      return found ? Object.assign(found, body, { updatedAt: '2024-06-01T00:00:00.000Z' }) : noDataset();
    }),
    on(DeleteDataset, ({ params }) => {
      const found = dataset(params.id);
      if (!found) return noDataset();
      db.datasets.splice(db.datasets.indexOf(found), 1);
      return { ok: true };
    }),

    on(SearchSegments, ({ body: search }) => {
      if (search.fileId && !search.query) {
        const list = db.segments
          .filter((segment) => segment.fileId === search.fileId)
          .sort((a, b) => a.position - b.position);
        return { ...page(list, search), mode: 'fulltext' as const, tookMs: 1 };
      }
      const words = (search.query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const hits = db.segments
        .filter((segment) => segment.enabled && (!search.datasetIds || search.datasetIds.includes(segment.datasetId)))
        .filter((segment) => words.some((word) => segment.text.toLowerCase().includes(word)))
        .map((segment, index) => ({ ...segment, score: 1 / (index + 2) }));
      const withEmbeddings = (search.datasetIds ?? []).every((id) => dataset(id)?.embeddingModel);
      const mode: SearchMode = search.mode && search.mode !== 'fulltext' && withEmbeddings ? search.mode : 'fulltext';
      return { ...page(hits, search), mode, tookMs: 12.4 };
    }),
    on(UpdateSegment, ({ params, body }) => {
      const index = segmentIndex(params.sid);
      if (index < 0) return noSegment();
      db.segments[index] = { ...db.segments[index]!, ...body };
      return db.segments[index];
    }),
    on(DeleteSegment, ({ params }) => {
      const index = segmentIndex(params.sid);
      if (index < 0) return noSegment();
      db.segments.splice(index, 1);
      return { ok: true };
    }),

    on(ListCatalogues, ({ params }) =>
      dataset(params.id) ? db.catalogues.filter((catalogue) => catalogue.datasetId === params.id) : noDataset(),
    ),
    on(CreateCatalogue, ({ params, body }) => {
      if (!dataset(params.id)) return noDataset();
      const created = makeCatalogue(params.id, body.name, body.parentId ?? null);
      db.catalogues.push(created);
      return created;
    }),
    on(UpdateCatalogue, ({ params, body }) => {
      if (!dataset(params.id)) return noDataset();
      const catalogue = db.catalogues.find((candidate) => candidate.id === params.cid);
      if (!catalogue) return refuse(404, 'CATALOGUE_NOT_FOUND', 'Catalogue not found');
      // Into itself or its own subtree: the server's 409.
      let cursor = body.parentId ?? null;
      while (cursor) {
        if (cursor === catalogue.id) return refuse(409, 'CONFLICT', 'A catalogue cannot be moved into itself');
        cursor = db.catalogues.find((candidate) => candidate.id === cursor)?.parentId ?? null;
      }
      return Object.assign(catalogue, body);
    }),
    on(DeleteCatalogue, ({ params }) => {
      if (!dataset(params.id)) return noDataset();
      if (!db.catalogues.some((candidate) => candidate.id === params.cid))
        return refuse(404, 'CATALOGUE_NOT_FOUND', 'Catalogue not found');
      db.catalogues = db.catalogues.filter(
        (candidate) => candidate.id !== params.cid && candidate.parentId !== params.cid,
      );
      return { ok: true };
    }),

    on(ListDatasetFiles, ({ params, query }) => {
      if (!dataset(params.id)) return noDataset();
      const { catalogueId, status } = query;
      const keyword = query.keyword?.toLowerCase();
      const list = db.files
        .filter((file) => file.datasetId === params.id)
        .filter(
          (file) =>
            !catalogueId || (catalogueId === 'root' ? file.catalogueId === null : file.catalogueId === catalogueId),
        )
        .filter((file) => !keyword || file.name.toLowerCase().includes(keyword))
        .filter((file) => !status || file.status === status);
      return page(list, query);
    }),
    on(DeleteDatasetFiles, ({ params, body }) => {
      if (!dataset(params.id)) return noDataset();
      const before = db.files.length;
      db.files = db.files.filter((file) => file.datasetId !== params.id || !body.fileIds.includes(file.id));
      return { deleted: before - db.files.length };
    }),
    on(PreviewSplit, ({ params, body: form }) => {
      if (!dataset(params.id)) return noDataset();
      const chunkSize = Number(form.get('chunkSize'));
      const overlap = Number(form.get('overlap'));
      const name = (form.get('file') as File).name;
      return {
        segments: [`${name} ${chunkSize}/${overlap} #1`, `${name} ${chunkSize}/${overlap} #2`],
        total: Math.ceil(10000 / chunkSize),
        characters: 10000,
      };
    }),
    on(CreateQaPairs, ({ params, body }) => {
      if (!dataset(params.id)) return noDataset();
      const position = db.segments.filter(
        (segment) => segment.datasetId === params.id && segment.fileId === null,
      ).length;
      const created = body.pairs.map(({ question, answer }, i) => ({
        id: next('s'),
        datasetId: params.id,
        fileId: null,
        fileName: '',
        catalogueId: null,
        position: position + i,
        text: `${question}\n${answer}`,
        question,
        answer,
        enabled: true,
      }));
      db.segments.push(...created);
      return created;
    }),
    on(GetDatasetFile, ({ params }) => fileOf(params)),
    on(DeleteDatasetFile, ({ params }) => {
      const file = fileOf(params);
      if (file instanceof Refusal) return file;
      db.files.splice(db.files.indexOf(file), 1);
      return { ok: true };
    }),
    on(ReindexDatasetFile, ({ params }) => {
      const file = fileOf(params);
      return file instanceof Refusal ? file : Object.assign(file, { status: 'queued' as const, error: null });
    }),
    on(CreateSegment, ({ params, body }) => {
      const file = fileOf(params);
      if (file instanceof Refusal) return file;
      const position = db.segments.filter((segment) => segment.fileId === file.id).length;
      const created = makeSegment(file, position, { text: body.text });
      db.segments.push(created);
      return created;
    }),
  ];
  const overridden = (route: FakeRoute): FakeRoute => ({
    endpoint: route.endpoint,
    answer: (call) => {
      const answer = override?.(call.request);
      return answer ? overrideAnswer(answer) : route.answer(call);
    },
  });
  const requests = fakeApi(routes.map(overridden));

  /** An upload's file row, queued with its job, as the server answers it. */
  const uploaded = (datasetId: string, form: FormData, type?: DatasetFile['type']) => {
    const file = form.get('file') as File;
    const created = makeFile(datasetId, {
      name: file.name,
      size: file.size,
      type: type ?? ((file.name.split('.').pop() ?? 'txt') as DatasetFile['type']),
      status: 'queued',
      catalogueId: (form.get('catalogueId') as string | null) ?? null,
      chunkSize: Number(form.get('chunkSize') ?? 500),
      overlap: Number(form.get('overlap') ?? 50),
      jobId: next('j'),
    });
    db.files.unshift(created);
    return created;
  };
  const xhr = fakeXhr(
    uploadsTo([
      onUpload(UploadDatasetFile, ({ params, form }) => (dataset(params.id) ? uploaded(params.id, form) : undefined)),
      onUpload(ImportQaPairs, ({ params, form }) => (dataset(params.id) ? uploaded(params.id, form, 'qa') : undefined)),
    ]),
  );

  return { db, requests, xhr };
}
