import { Type, type Static } from '@sinclair/typebox';
import { IdSchema, IsoDateSchema, OffsetSchema, OkSchema, PageQuerySchema, PageSchema } from './common';
import { endpoint } from './endpoint';

/** How files are split into segments (bounds and defaults); a dataset's settings are the defaults of its uploads. */
export const CHUNK_LIMITS = {
  chunkSize: { min: 100, max: 4000, default: 500 },
  overlap: { min: 0, max: 1000, default: 50 },
  separators: 10,
  /** Default upload limit (FLOTILLA_MAX_FILE_MB overrides it on the server). */
  maxFileBytes: 50 * 1024 * 1024,
} as const;
/** Paragraphs first, then lines, then sentence ends in Chinese and English. */
export const DEFAULT_SEPARATORS = ['\n\n', '\n', '。', '！', '？', '. ', '! ', '? ', '；', '; '];

export const ChunkSettingsSchema = Type.Object({
  chunkSize: Type.Integer({ minimum: CHUNK_LIMITS.chunkSize.min, maximum: CHUNK_LIMITS.chunkSize.max }),
  overlap: Type.Integer({ minimum: CHUNK_LIMITS.overlap.min, maximum: CHUNK_LIMITS.overlap.max }),
  separators: Type.Array(Type.String({ minLength: 1, maxLength: 10 }), { maxItems: CHUNK_LIMITS.separators }),
});
export type ChunkSettings = Static<typeof ChunkSettingsSchema>;

/** A dataset: a library of files, segments and QA pairs. */
export const DatasetSchema = Type.Object({
  id: IdSchema,
  name: Type.String(),
  description: Type.String(),
  fileCount: Type.Integer({ minimum: 0 }),
  segmentCount: Type.Integer({ minimum: 0 }),
  chunkSize: Type.Integer(),
  overlap: Type.Integer(),
  separators: Type.Array(Type.String()),
  /** An embedding model id of the server's configuration; null: full-text search only. */
  embeddingModel: Type.Union([Type.Null(), Type.String()]),
  createdAt: IsoDateSchema,
  updatedAt: IsoDateSchema,
});
export type Dataset = Static<typeof DatasetSchema>;

export const ListDatasetsQuerySchema = Type.Composite([
  PageQuerySchema,
  Type.Object({ keyword: Type.Optional(Type.String({ maxLength: 100 })) }),
]);
export type ListDatasetsQuery = Static<typeof ListDatasetsQuerySchema>;
export const DatasetListResponseSchema = PageSchema(DatasetSchema);
export type DatasetListResponse = Static<typeof DatasetListResponseSchema>;

/** `POST /v1/datasets`. */
export const CreateDatasetBodySchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  chunkSize: Type.Optional(ChunkSettingsSchema.properties.chunkSize),
  overlap: Type.Optional(ChunkSettingsSchema.properties.overlap),
  separators: Type.Optional(ChunkSettingsSchema.properties.separators),
  embeddingModel: Type.Optional(Type.Union([Type.Null(), Type.String({ minLength: 1, maxLength: 100 })])),
});
export type CreateDatasetBody = Static<typeof CreateDatasetBodySchema>;

/** `PUT /v1/datasets/{id}`: the fields given are changed. */
export const UpdateDatasetBodySchema = Type.Partial(CreateDatasetBodySchema, { minProperties: 1 });
export type UpdateDatasetBody = Static<typeof UpdateDatasetBodySchema>;

export const DatasetParamsSchema = Type.Object({ id: IdSchema });
export type DatasetParams = Static<typeof DatasetParamsSchema>;

/** `GET /v1/datasets/embeddingModels`: embedding models an admin configured (never their keys). */
export const EmbeddingModelSchema = Type.Object({ id: Type.String(), name: Type.String() });
export const EmbeddingModelListResponseSchema = Type.Array(EmbeddingModelSchema);
export type EmbeddingModel = Static<typeof EmbeddingModelSchema>;

/** One page of the tenant's datasets, newest first, filtered by keyword. */
export const ListDatasets = endpoint({
  method: 'GET',
  path: '/v1/datasets',
  query: ListDatasetsQuerySchema,
  response: DatasetListResponseSchema,
});
/** Creates an empty dataset. */
export const CreateDataset = endpoint({
  method: 'POST',
  path: '/v1/datasets',
  body: CreateDatasetBodySchema,
  response: DatasetSchema,
});
/** The embedding models a dataset may use (none: full-text search only). */
export const ListEmbeddingModels = endpoint({
  method: 'GET',
  path: '/v1/datasets/embeddingModels',
  response: EmbeddingModelListResponseSchema,
});
/** One dataset. */
export const GetDataset = endpoint({
  method: 'GET',
  path: '/v1/datasets/{id}',
  params: DatasetParamsSchema,
  response: DatasetSchema,
});
/** Changes the fields given of a dataset (a new embedding model re-indexes its files). */
export const UpdateDataset = endpoint({
  method: 'PUT',
  path: '/v1/datasets/{id}',
  params: DatasetParamsSchema,
  body: UpdateDatasetBodySchema,
  response: DatasetSchema,
});
/** Deletes a dataset with everything in it. */
export const DeleteDataset = endpoint({
  method: 'DELETE',
  path: '/v1/datasets/{id}',
  params: DatasetParamsSchema,
  response: OkSchema,
});

/** A catalogue (folder) of a dataset; `parentId` null: at the top. */
export const CatalogueSchema = Type.Object({
  id: IdSchema,
  datasetId: IdSchema,
  parentId: Type.Union([Type.Null(), IdSchema]),
  name: Type.String(),
  createdAt: IsoDateSchema,
});
export type Catalogue = Static<typeof CatalogueSchema>;
/** `GET /v1/datasets/{id}/catalogues`: all of the dataset's catalogues (the client builds the tree). */
export const CatalogueListResponseSchema = Type.Array(CatalogueSchema);
const CatalogueNameSchema = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });
/** `POST /v1/datasets/{id}/catalogues`. */
export const CreateCatalogueBodySchema = Type.Object({
  name: CatalogueNameSchema,
  parentId: Type.Optional(Type.Union([Type.Null(), IdSchema])),
});
export type CreateCatalogueBody = Static<typeof CreateCatalogueBodySchema>;
/** `PUT /v1/datasets/{id}/catalogues/{cid}`: rename and/or move (never into itself or its own subtree). */
export const UpdateCatalogueBodySchema = Type.Object(
  { name: Type.Optional(CatalogueNameSchema), parentId: Type.Optional(Type.Union([Type.Null(), IdSchema])) },
  { minProperties: 1 },
);
export type UpdateCatalogueBody = Static<typeof UpdateCatalogueBodySchema>;
export const CatalogueParamsSchema = Type.Object({ id: IdSchema, cid: IdSchema });
export type CatalogueParams = Static<typeof CatalogueParamsSchema>;

/** Every catalogue of a dataset, flat. */
export const ListCatalogues = endpoint({
  method: 'GET',
  path: '/v1/datasets/{id}/catalogues',
  params: DatasetParamsSchema,
  response: CatalogueListResponseSchema,
});
/** Creates a catalogue, at the top or inside another. */
export const CreateCatalogue = endpoint({
  method: 'POST',
  path: '/v1/datasets/{id}/catalogues',
  params: DatasetParamsSchema,
  body: CreateCatalogueBodySchema,
  response: CatalogueSchema,
});
/** Renames and/or moves a catalogue. */
export const UpdateCatalogue = endpoint({
  method: 'PUT',
  path: '/v1/datasets/{id}/catalogues/{cid}',
  params: CatalogueParamsSchema,
  body: UpdateCatalogueBodySchema,
  response: CatalogueSchema,
});
/** Deletes a catalogue with the catalogues below it and their files. */
export const DeleteCatalogue = endpoint({
  method: 'DELETE',
  path: '/v1/datasets/{id}/catalogues/{cid}',
  params: CatalogueParamsSchema,
  response: OkSchema,
});

export const FILE_TYPES = ['txt', 'md', 'html', 'pdf', 'docx', 'csv', 'xlsx', 'qa'] as const;
export type DatasetFileType = (typeof FILE_TYPES)[number];
export const FILE_STATUSES = ['queued', 'parsing', 'done', 'failed'] as const;
export type DatasetFileStatus = (typeof FILE_STATUSES)[number];

/** A file of a dataset (a QA import is a file of type `qa`). */
export const DatasetFileSchema = Type.Object({
  id: IdSchema,
  datasetId: IdSchema,
  catalogueId: Type.Union([Type.Null(), IdSchema]),
  name: Type.String(),
  type: Type.Union(FILE_TYPES.map((t) => Type.Literal(t))),
  size: Type.Integer({ minimum: 0 }),
  status: Type.Union(FILE_STATUSES.map((s) => Type.Literal(s))),
  /** Why parsing failed, in the request's language. */
  error: Type.Union([Type.Null(), Type.String()]),
  segmentCount: Type.Integer({ minimum: 0 }),
  chunkSize: Type.Integer(),
  overlap: Type.Integer(),
  separators: Type.Array(Type.String()),
  /** The job parsing or re-indexing it, while there is one. */
  jobId: Type.Union([Type.Null(), IdSchema]),
  createdAt: IsoDateSchema,
  updatedAt: IsoDateSchema,
});
export type DatasetFile = Static<typeof DatasetFileSchema>;

/** `GET /v1/datasets/{id}/files`: newest first; `catalogueId` omitted: all files, `root`: those outside any catalogue. */
export const ListDatasetFilesQuerySchema = Type.Composite([
  PageQuerySchema,
  Type.Object({
    catalogueId: Type.Optional(IdSchema),
    keyword: Type.Optional(Type.String({ maxLength: 100 })),
    status: Type.Optional(Type.Union(FILE_STATUSES.map((s) => Type.Literal(s)))),
  }),
]);
export type ListDatasetFilesQuery = Static<typeof ListDatasetFilesQuerySchema>;
export const DatasetFileListResponseSchema = PageSchema(DatasetFileSchema);
export type DatasetFileListResponse = Static<typeof DatasetFileListResponseSchema>;
export const DatasetFileParamsSchema = Type.Object({ id: IdSchema, fid: IdSchema });
export type DatasetFileParams = Static<typeof DatasetFileParamsSchema>;

/**
 * `POST /v1/datasets/{id}/files` (multipart: file, catalogueId?, chunkSize?, overlap?, separators? as a
 * JSON array) → the file row with its job id. `POST /v1/datasets/{id}/files/preview` (same form) → the
 * first segments the settings would give, without storing anything.
 */
export const UploadDatasetFileFieldsSchema = Type.Object({
  catalogueId: Type.Optional(IdSchema),
  chunkSize: Type.Optional(ChunkSettingsSchema.properties.chunkSize),
  overlap: Type.Optional(ChunkSettingsSchema.properties.overlap),
  separators: Type.Optional(Type.String({ maxLength: 500 })),
});
export type UploadDatasetFileFields = Static<typeof UploadDatasetFileFieldsSchema>;
export const SplitPreviewResponseSchema = Type.Object({
  segments: Type.Array(Type.String()),
  /** How many segments the whole file gives. */
  total: Type.Integer({ minimum: 0 }),
  characters: Type.Integer({ minimum: 0 }),
});
export type SplitPreviewResponse = Static<typeof SplitPreviewResponseSchema>;

/** One page of a dataset's files, newest first, filtered by catalogue, name and status. */
export const ListDatasetFiles = endpoint({
  method: 'GET',
  path: '/v1/datasets/{id}/files',
  params: DatasetParamsSchema,
  query: ListDatasetFilesQuerySchema,
  response: DatasetFileListResponseSchema,
});
/** Uploads a file to a dataset (the form of {@link UploadDatasetFileFieldsSchema} and `file`); a job parses it. */
export const UploadDatasetFile = endpoint({
  method: 'POST',
  path: '/v1/datasets/{id}/files',
  params: DatasetParamsSchema,
  bodyAs: 'multipart',
  response: DatasetFileSchema,
});
/** How a file would be split (the upload's form), storing nothing. */
export const PreviewSplit = endpoint({
  method: 'POST',
  path: '/v1/datasets/{id}/files/preview',
  params: DatasetParamsSchema,
  bodyAs: 'multipart',
  response: SplitPreviewResponseSchema,
});
/** One file of a dataset, with its parse status and error. */
export const GetDatasetFile = endpoint({
  method: 'GET',
  path: '/v1/datasets/{id}/files/{fid}',
  params: DatasetFileParamsSchema,
  response: DatasetFileSchema,
});
/** Deletes one file with its segments and original. */
export const DeleteDatasetFile = endpoint({
  method: 'DELETE',
  path: '/v1/datasets/{id}/files/{fid}',
  params: DatasetFileParamsSchema,
  response: OkSchema,
});

/**
 * `POST /v1/datasets/{id}/files/{fid}/reindex`: parse the stored original again, with the file's settings or
 * those given (the body may be empty) → the file row with the new job's id.
 */
export const ReindexDatasetFileBodySchema = Type.Partial(ChunkSettingsSchema);
export type ReindexDatasetFileBody = Static<typeof ReindexDatasetFileBodySchema>;
/** Parses a file's stored original again, with its settings or those given (`null` or `{}`: its own). */
export const ReindexDatasetFile = endpoint({
  method: 'POST',
  path: '/v1/datasets/{id}/files/{fid}/reindex',
  params: DatasetFileParamsSchema,
  body: Type.Union([Type.Null(), ReindexDatasetFileBodySchema]),
  response: DatasetFileSchema,
});

/** `POST /v1/datasets/{id}/files/delete` {fileIds}: bulk delete with their segments. */
export const DeleteDatasetFilesBodySchema = Type.Object({
  fileIds: Type.Array(IdSchema, { minItems: 1, maxItems: 200 }),
});
export type DeleteDatasetFilesBody = Static<typeof DeleteDatasetFilesBodySchema>;
export const DeletedCountSchema = Type.Object({ deleted: Type.Integer({ minimum: 0 }) });
/** Deletes several files of a dataset with their segments; answers how many went. */
export const DeleteDatasetFiles = endpoint({
  method: 'POST',
  path: '/v1/datasets/{id}/files/delete',
  params: DatasetParamsSchema,
  body: DeleteDatasetFilesBodySchema,
  response: DeletedCountSchema,
});

/** `POST /v1/datasets/{id}/qa` {pairs}: QA pairs entered by hand. */
export const QaPairSchema = Type.Object({
  question: Type.String({ minLength: 1, maxLength: 2000, pattern: '\\S' }),
  answer: Type.String({ minLength: 1, maxLength: 10000, pattern: '\\S' }),
});
export type QaPair = Static<typeof QaPairSchema>;
export const CreateQaPairsBodySchema = Type.Object({ pairs: Type.Array(QaPairSchema, { minItems: 1, maxItems: 500 }) });
export type CreateQaPairsBody = Static<typeof CreateQaPairsBodySchema>;

export const SEARCH_MODES = ['fulltext', 'vector', 'hybrid'] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];

/** A segment: a passage of a file, or a QA pair (question + answer). */
export const SegmentSchema = Type.Object({
  id: IdSchema,
  datasetId: IdSchema,
  fileId: Type.Union([Type.Null(), IdSchema]),
  fileName: Type.String(),
  catalogueId: Type.Union([Type.Null(), IdSchema]),
  position: Type.Integer({ minimum: 0 }),
  text: Type.String(),
  question: Type.Optional(Type.String()),
  answer: Type.Optional(Type.String()),
  enabled: Type.Boolean(),
  /** Relevance of a search hit (higher is better). */
  score: Type.Optional(Type.Number()),
});
export type Segment = Static<typeof SegmentSchema>;

/** `POST /v1/datasets/segments`: a file's segments in order, or a search over datasets by relevance. */
export const SearchSegmentsBodySchema = Type.Object({
  datasetIds: Type.Optional(Type.Array(IdSchema, { maxItems: 50 })),
  fileId: Type.Optional(IdSchema),
  query: Type.Optional(Type.String({ maxLength: 1000 })),
  mode: Type.Optional(Type.Union(SEARCH_MODES.map((m) => Type.Literal(m)))),
  offset: OffsetSchema,
  limit: Type.Integer({ minimum: 1, maximum: 200, default: 20 }),
});
export type SearchSegmentsBody = Static<typeof SearchSegmentsBodySchema>;
export const SegmentListResponseSchema = Type.Object({
  list: Type.Array(SegmentSchema),
  total: Type.Integer({ minimum: 0 }),
  /** The mode actually used (vector and hybrid fall back to full-text without embeddings). */
  mode: Type.Union(SEARCH_MODES.map((m) => Type.Literal(m))),
  tookMs: Type.Number({ minimum: 0 }),
});
export type SegmentListResponse = Static<typeof SegmentListResponseSchema>;

export const SegmentParamsSchema = Type.Object({ sid: IdSchema });
export type SegmentParams = Static<typeof SegmentParamsSchema>;
/** `PUT /v1/datasets/segments/{sid}`: edit text (or question/answer), enable or disable. */
export const UpdateSegmentBodySchema = Type.Object(
  {
    text: Type.Optional(Type.String({ minLength: 1, maxLength: 20000, pattern: '\\S' })),
    question: Type.Optional(QaPairSchema.properties.question),
    answer: Type.Optional(QaPairSchema.properties.answer),
    enabled: Type.Optional(Type.Boolean()),
  },
  { minProperties: 1 },
);
export type UpdateSegmentBody = Static<typeof UpdateSegmentBodySchema>;
/** `POST /v1/datasets/{id}/files/{fid}/segments` {text}: add a segment at the end of a file. */
export const CreateSegmentBodySchema = Type.Object({
  text: Type.String({ minLength: 1, maxLength: 20000, pattern: '\\S' }),
});
export type CreateSegmentBody = Static<typeof CreateSegmentBodySchema>;
/** Answer of `POST /v1/datasets/{id}/qa`: the QA pairs created, as segments, in order. */
export const CreateQaPairsResponseSchema = Type.Array(SegmentSchema);
export type CreateQaPairsResponse = Static<typeof CreateQaPairsResponseSchema>;

/** Adds QA pairs entered by hand; answers them as segments. */
export const CreateQaPairs = endpoint({
  method: 'POST',
  path: '/v1/datasets/{id}/qa',
  params: DatasetParamsSchema,
  body: CreateQaPairsBodySchema,
  response: CreateQaPairsResponseSchema,
});
/** Imports QA pairs from a csv or xlsx sheet (multipart `file`, `catalogueId?`); a job reads it. */
export const ImportQaPairs = endpoint({
  method: 'POST',
  path: '/v1/datasets/{id}/qa/import',
  params: DatasetParamsSchema,
  bodyAs: 'multipart',
  response: DatasetFileSchema,
});

/** A file's segments in order (`fileId` without `query`), or a search of datasets' segments by relevance. */
export const SearchSegments = endpoint({
  method: 'POST',
  path: '/v1/datasets/segments',
  body: SearchSegmentsBodySchema,
  response: SegmentListResponseSchema,
});
/** Edits a segment's text (or a QA pair's question and answer), or enables or disables it. */
export const UpdateSegment = endpoint({
  method: 'PUT',
  path: '/v1/datasets/segments/{sid}',
  params: SegmentParamsSchema,
  body: UpdateSegmentBodySchema,
  response: SegmentSchema,
});
/** Deletes a segment. */
export const DeleteSegment = endpoint({
  method: 'DELETE',
  path: '/v1/datasets/segments/{sid}',
  params: SegmentParamsSchema,
  response: OkSchema,
});
/** Adds a segment at the end of a file. */
export const CreateSegment = endpoint({
  method: 'POST',
  path: '/v1/datasets/{id}/files/{fid}/segments',
  params: DatasetFileParamsSchema,
  body: CreateSegmentBodySchema,
  response: SegmentSchema,
});
