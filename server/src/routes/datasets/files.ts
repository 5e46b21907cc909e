import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateSegment,
  DeleteDatasetFile,
  DeleteDatasetFiles,
  GetDatasetFile,
  ListDatasetFiles,
  PreviewSplit,
  ReindexDatasetFile,
  UploadDatasetFile,
} from '@flotilla/shared/contracts';
import { AppError, found, notFound } from '../../lib/app-error';
import type { SplitDocument } from '../../knowledge/parse-pool';
import { ReasonError } from '../../knowledge/reasons';
import { settingsOf, toDatasetFile } from '../../plugins/app/datasets/dataset-files-repository';
import { toBytes } from '../../search/embeddings';
import { searchText } from '../../search/tokenize';
import { OPERATORS } from '../access';
import { route } from '../endpoint-route';
import { originalKey, originals, removeOriginals, requireDataset } from './dataset-access';
import { fileProblem, readDatasetUpload } from './upload-form';

const tags = ['datasets'];
/** Segments a preview shows. */
const PREVIEW_SEGMENTS = 20;

const uploadDescription =
  "Multipart: `file`, `catalogueId?`, `chunkSize?`, `overlap?`, `separators?` (a JSON array of strings); settings default to the dataset's. " +
  'At most FLOTILLA_MAX_FILE_MB (422 UPLOAD_TOO_LARGE). The type is decided by the content: txt, md, html, csv (UTF-8 text, by name), pdf, docx, xlsx; ' +
  '422 UNSUPPORTED_FILE_TYPE when neither content nor name is one of them.';

/** Files of a dataset: upload (parsed by a job), preview the split, list, read, delete, re-index, add a segment. */
const filesRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { datasetFiles } = fastify.repos;
  const storage = originals(fastify);

  route(fastify, ListDatasetFiles, {
    config: { auth: OPERATORS },
    tags,
    summary:
      "A dataset's files, newest first (paged): `catalogueId` (`root`: outside any catalogue), name `keyword`, `status` filters",
    handler: async (request) => {
      const dataset = await requireDataset(fastify, request, request.params.id);
      const page = await datasetFiles.list(request.auth.tenantId, dataset.id, request.query);
      return { list: page.list.map((row) => toDatasetFile(row, request.locale)), total: page.total };
    },
  });

  route(fastify, UploadDatasetFile, {
    config: { auth: OPERATORS },
    tags,
    summary: 'Upload a file to a dataset → the file row (queued) with the id of the job that parses it',
    description: `${uploadDescription} The original is stored before the job is created. An empty, protected, damaged or renamed file is accepted and its job fails with the reason.`,
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

  route(fastify, PreviewSplit, {
    config: { auth: OPERATORS },
    tags,
    summary:
      'Preview how a file would be split (same form as the upload): the first 20 segments, how many in all, and the characters of its text. Stores nothing',
    description: `${uploadDescription} A file that cannot be parsed, or that is over the parse budget (expands too far, too many parts, too slow to read): 422 on \`file\` with the reason.`,
    handler: async (request) => {
      const dataset = await requireDataset(fastify, request, request.params.id);
      const upload = await readDatasetUpload(fastify, request, dataset);
      if (upload.detected.problem) throw fileProblem(upload.detected.problem);
      let document: SplitDocument;
      const segments: string[] = [];
      try {
        // Split where it is parsed, as a parse job splits it; only the first segments come back.
        document = await fastify.parser.split(upload.detected.type, upload.bytes, upload.settings, {
          limit: PREVIEW_SEGMENTS,
        });
        for await (const batch of document.batches) segments.push(...batch);
      } catch (error) {
        if (error instanceof ReasonError) throw fileProblem(error.reason);
        throw error;
      }
      return { segments, total: document.total, characters: document.characters };
    },
  });

  route(fastify, DeleteDatasetFiles, {
    config: { auth: OPERATORS },
    tags,
    summary:
      'Delete several files of the dataset with their segments and originals (ids not in the dataset are ignored) → how many were deleted',
    handler: async (request) => {
      const dataset = await requireDataset(fastify, request, request.params.id);
      const keys = await datasetFiles.remove(request.auth.tenantId, dataset.id, request.body.fileIds);
      await removeOriginals(fastify, keys);
      return { deleted: keys.length };
    },
  });

  route(fastify, GetDatasetFile, {
    config: { auth: OPERATORS },
    tags,
    summary: "One file of a dataset (its parse error, when it failed, in the request's language)",
    handler: async (request) => {
      const dataset = await requireDataset(fastify, request, request.params.id);
      const file = found(
        await datasetFiles.get(request.auth.tenantId, dataset.id, request.params.fid),
        'FILE_NOT_FOUND',
      );
      return toDatasetFile(file, request.locale);
    },
  });

  route(fastify, DeleteDatasetFile, {
    config: { auth: OPERATORS },
    tags,
    summary: 'Delete a file with its segments and original (a job parsing it is cancelled)',
    handler: async (request) => {
      const dataset = await requireDataset(fastify, request, request.params.id);
      const keys = await datasetFiles.remove(request.auth.tenantId, dataset.id, [request.params.fid]);
      if (keys.length === 0) throw notFound('FILE_NOT_FOUND');
      await removeOriginals(fastify, keys);
      return { ok: true as const };
    },
  });

  route(fastify, ReindexDatasetFile, {
    config: { auth: OPERATORS },
    tags,
    summary:
      "Parse a file's stored original again (a reindexFile job), with its settings or new ones (applied when the job succeeds) → the file row with the job's id",
    description:
      'Its current segments stay until the job replaces them all at once. 409 CONFLICT while another job works on the file.',
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

  route(fastify, CreateSegment, {
    config: { auth: OPERATORS },
    tags,
    summary: 'Add a segment at the end of a file (409 CONFLICT while a job works on the file)',
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
      return datasetFiles.addSegment(request.auth.tenantId, dataset.id, request.params.fid, {
        text,
        question: null,
        answer: null,
        searchText: searchText(text),
        embedding,
      });
    },
  });
};

export default filesRoutes;
