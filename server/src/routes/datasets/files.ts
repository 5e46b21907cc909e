import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  CreateSegmentBodySchema,
  DatasetFileListResponseSchema,
  DatasetFileParamsSchema,
  DatasetFileSchema,
  DatasetParamsSchema,
  DeleteDatasetFilesBodySchema,
  DeletedCountSchema,
  ListDatasetFilesQuerySchema,
  OkSchema,
  ReindexDatasetFileBodySchema,
  SegmentSchema,
  SplitPreviewResponseSchema,
} from '@flotilla/shared/contracts';
import { AppError, found, notFound } from '../../lib/app-error';
import { ReasonError } from '../../knowledge/reasons';
import { splitText } from '../../knowledge/split';
import { settingsOf, toDatasetFile } from '../../plugins/app/datasets/dataset-files-repository';
import { toBytes } from '../../search/embeddings';
import { searchText } from '../../search/tokenize';
import { OPERATORS } from '../access';
import { originalKey, originals, removeOriginals, requireDataset } from './dataset-access';
import { fileProblem, readDatasetUpload } from './upload-form';

const tags = ['datasets'];
/** Segments a preview shows. */
const PREVIEW_SEGMENTS = 20;

const uploadDescription =
  'Multipart: `file`, `catalogueId?`, `chunkSize?`, `overlap?`, `separators?` (a JSON array of strings); settings default to the dataset\'s. ' +
  'At most FLOTILLA_MAX_FILE_MB (422 UPLOAD_TOO_LARGE). The type is decided by the content: txt, md, html, csv (UTF-8 text, by name), pdf, docx, xlsx; ' +
  '422 UNSUPPORTED_FILE_TYPE when neither content nor name is one of them.';

/** Files of a dataset: upload (parsed by a job), preview the split, list, read, delete, re-index, add a segment. */
const filesRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { datasetFiles } = fastify.repos;
  const storage = originals(fastify);

  fastify.get('/v1/datasets/:id/files', {
    config: { auth: OPERATORS },
    schema: {
      tags,
      summary: "A dataset's files, newest first (paged): `catalogueId` (`root`: outside any catalogue), name `keyword`, `status` filters",
      params: DatasetParamsSchema,
      querystring: ListDatasetFilesQuerySchema,
      response: { 200: DatasetFileListResponseSchema },
    },
    handler: async (request) => {
      const dataset = await requireDataset(fastify, request, request.params.id);
      const page = await datasetFiles.list(request.auth.tenantId, dataset.id, request.query);
      return { list: page.list.map((row) => toDatasetFile(row, request.locale)), total: page.total };
    },
  });

  fastify.post('/v1/datasets/:id/files', {
    config: { auth: OPERATORS },
    schema: {
      tags,
      summary: 'Upload a file to a dataset → the file row (queued) with the id of the job that parses it',
      description: `${uploadDescription} The original is stored before the job is created. An empty, protected, damaged or renamed file is accepted and its job fails with the reason.`,
      consumes: ['multipart/form-data'],
      params: DatasetParamsSchema,
      response: { 200: DatasetFileSchema },
    },
    handler: async (request) => {
      const dataset = await requireDataset(fastify, request, request.params.id);
      const upload = await readDatasetUpload(fastify, request, dataset);
      const { tenantId, userId } = request.auth;
      const id = randomUUID();
      const storageKey = originalKey(tenantId, id);
      // Never a lost upload: the original is on disk before its row and job exist.
      await storage.write(storageKey, upload.bytes);
      let created;
      try {
        created = await datasetFiles.create(tenantId, {
          id,
          datasetId: dataset.id,
          catalogueId: upload.catalogueId,
          name: upload.name,
          type: upload.detected.type,
          size: upload.bytes.length,
          contentType: upload.detected.contentType,
          storageKey,
          settings: upload.settings,
          createdBy: userId,
          jobType: 'parseFile',
        });
      } catch (error) {
        await storage.remove(storageKey);
        throw error;
      }
      fastify.jobs.wake();
      return toDatasetFile(created.file, request.locale);
    },
  });

  fastify.post('/v1/datasets/:id/files/preview', {
    config: { auth: OPERATORS },
    schema: {
      tags,
      summary: 'Preview how a file would be split (same form as the upload): the first 20 segments, how many in all, and the characters of its text. Stores nothing',
      description: `${uploadDescription} A file that cannot be parsed, or that is over the parse budget (expands too far, too many parts, too slow to read): 422 on \`file\` with the reason.`,
      consumes: ['multipart/form-data'],
      params: DatasetParamsSchema,
      response: { 200: SplitPreviewResponseSchema },
    },
    handler: async (request) => {
      const dataset = await requireDataset(fastify, request, request.params.id);
      const upload = await readDatasetUpload(fastify, request, dataset);
      if (upload.detected.problem) throw fileProblem(upload.detected.problem);
      let text: string;
      try {
        text = await fastify.parser.text(upload.detected.type, upload.bytes);
      } catch (error) {
        if (error instanceof ReasonError) throw fileProblem(error.reason);
        throw error;
      }
      const segments = splitText(text, upload.settings);
      return { segments: segments.slice(0, PREVIEW_SEGMENTS), total: segments.length, characters: text.length };
    },
  });

  fastify.post('/v1/datasets/:id/files/delete', {
    config: { auth: OPERATORS },
    schema: {
      tags,
      summary: 'Delete several files of the dataset with their segments and originals (ids not in the dataset are ignored) → how many were deleted',
      params: DatasetParamsSchema,
      body: DeleteDatasetFilesBodySchema,
      response: { 200: DeletedCountSchema },
    },
    handler: async (request) => {
      const dataset = await requireDataset(fastify, request, request.params.id);
      const keys = await datasetFiles.remove(request.auth.tenantId, dataset.id, request.body.fileIds);
      await removeOriginals(fastify, keys);
      return { deleted: keys.length };
    },
  });

  fastify.get('/v1/datasets/:id/files/:fid', {
    config: { auth: OPERATORS },
    schema: { tags, summary: 'One file of a dataset (its parse error, when it failed, in the request\'s language)', params: DatasetFileParamsSchema, response: { 200: DatasetFileSchema } },
    handler: async (request) => {
      const dataset = await requireDataset(fastify, request, request.params.id);
      const file = found(await datasetFiles.get(request.auth.tenantId, dataset.id, request.params.fid), 'FILE_NOT_FOUND');
      return toDatasetFile(file, request.locale);
    },
  });

  fastify.delete('/v1/datasets/:id/files/:fid', {
    config: { auth: OPERATORS },
    schema: { tags, summary: 'Delete a file with its segments and original (a job parsing it is cancelled)', params: DatasetFileParamsSchema, response: { 200: OkSchema } },
    handler: async (request) => {
      const dataset = await requireDataset(fastify, request, request.params.id);
      const keys = await datasetFiles.remove(request.auth.tenantId, dataset.id, [request.params.fid]);
      if (keys.length === 0) throw notFound('FILE_NOT_FOUND');
      await removeOriginals(fastify, keys);
      return { ok: true as const };
    },
  });

  fastify.post('/v1/datasets/:id/files/:fid/reindex', {
    config: { auth: OPERATORS },
    schema: {
      tags,
      summary: "Parse a file's stored original again (a reindexFile job), with its settings or new ones (applied when the job succeeds) → the file row with the job's id",
      description: 'Its current segments stay until the job replaces them all at once. 409 CONFLICT while another job works on the file.',
      params: DatasetFileParamsSchema,
      body: Type.Union([Type.Null(), ReindexDatasetFileBodySchema]),
      response: { 200: DatasetFileSchema },
    },
    handler: async (request) => {
      const dataset = await requireDataset(fastify, request, request.params.id);
      const { tenantId, userId } = request.auth;
      const file = found(await datasetFiles.get(tenantId, dataset.id, request.params.fid), 'FILE_NOT_FOUND');
      const settings = { ...settingsOf(file), ...(request.body ?? {}) };
      const { file: queued } = await datasetFiles.reindex(tenantId, dataset.id, file.id, userId, settings);
      fastify.jobs.wake();
      return toDatasetFile(queued, request.locale);
    },
  });

  fastify.post('/v1/datasets/:id/files/:fid/segments', {
    config: { auth: OPERATORS },
    schema: {
      tags,
      summary: 'Add a segment at the end of a file (409 CONFLICT while a job works on the file)',
      params: DatasetFileParamsSchema,
      body: CreateSegmentBodySchema,
      response: { 200: SegmentSchema },
    },
    handler: async (request) => {
      const dataset = await requireDataset(fastify, request, request.params.id);
      const text = request.body.text.trim();
      let embedding: Buffer | null = null;
      if (dataset.embeddingModel && fastify.embedder.has(dataset.embeddingModel)) {
        const [vector] = await fastify.embedder.embed(dataset.embeddingModel, [text]).catch((error: unknown) => {
          request.log.warn({ err: error }, 'embedding a new segment failed');
          throw new AppError(502, 'PROVIDER_ERROR', 'EMBEDDING_FAILED');
        });
        embedding = vector ? toBytes(vector) : null;
      }
      return datasetFiles.addSegment(request.auth.tenantId, dataset.id, request.params.fid, { text, question: null, answer: null, searchText: searchText(text), embedding });
    },
  });
};

export default filesRoutes;
