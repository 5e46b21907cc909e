import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CreateQaPairs, ImportQaPairs } from '@flotilla/shared/contracts';
import { AppError, invalidInput } from '../../lib/app-error';
import { toDatasetFile } from '../../plugins/app/datasets/dataset-files-repository';
import { toBytes } from '../../search/embeddings';
import { searchText } from '../../search/tokenize';
import { OPERATORS } from '../access';
import { route } from '../endpoint-route';
import { originalKey, originals, requireDataset } from './dataset-access';
import { readDatasetUpload } from './upload-form';

const tags = ['datasets'];

/** QA pairs: entered by hand (segments of no file) or imported from csv/xlsx (a file of type `qa`, by a job). */
const qaRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { datasetFiles } = fastify.repos;
  const storage = originals(fastify);

  route(fastify, CreateQaPairs, {
    config: { auth: OPERATORS },
    tags,
    summary: 'Add QA pairs by hand → the segments created (question, answer, and text = question + newline + answer)',
    handler: async (request) => {
      const dataset = await requireDataset(fastify, request, request.params.id);
      const pairs = request.body.pairs.map((pair) => ({ question: pair.question.trim(), answer: pair.answer.trim() }));
      const texts = pairs.map((pair) => `${pair.question}\n${pair.answer}`);
      let vectors: Array<Float32Array | undefined> = [];
      if (dataset.embeddingModel && fastify.embedder.has(dataset.embeddingModel)) {
        vectors = await fastify.embedder.embed(dataset.embeddingModel, texts).catch((error: unknown) => {
          request.log.warn({ err: error }, 'embedding QA pairs failed');
          throw new AppError(502, 'PROVIDER_ERROR', 'EMBEDDING_FAILED');
        });
      }
      return datasetFiles.addQaPairs(
        request.auth.tenantId,
        dataset.id,
        pairs.map((pair, i) => {
          const vector = vectors[i];
          return {
            ...pair,
            searchText: searchText(`${pair.question}\n${texts[i]}`),
            embedding: vector ? toBytes(vector) : null,
          };
        }),
      );
    },
  });

  route(fastify, ImportQaPairs, {
    config: { auth: OPERATORS },
    tags,
    summary:
      'Import QA pairs from a csv or xlsx file (multipart `file`, `catalogueId?`) → the file row (type qa) with the id of the importQa job',
    description:
      "Columns headed question/answer or 问题/答案, else the first two columns. Rows with an empty question or answer are skipped and named in the file's error; " +
      'with no valid row nothing is imported and the job fails. 422 UNSUPPORTED_FILE_TYPE for anything but csv or xlsx.',
    handler: async (request) => {
      const dataset = await requireDataset(fastify, request, request.params.id);
      const upload = await readDatasetUpload(fastify, request, dataset);
      if (upload.detected.type !== 'csv' && upload.detected.type !== 'xlsx')
        throw invalidInput(['body', 'file'], 'UNSUPPORTED_FILE_TYPE');
      const { tenantId, userId } = request.auth;
      const id = randomUUID();
      const storageKey = originalKey(tenantId, id);
      await storage.write(storageKey, upload.bytes);
      let created;
      try {
        created = await datasetFiles.create(tenantId, {
          id,
          datasetId: dataset.id,
          catalogueId: upload.catalogueId,
          name: upload.name,
          type: 'qa',
          size: upload.bytes.length,
          contentType: upload.detected.contentType,
          storageKey,
          settings: upload.settings,
          createdBy: userId,
          jobType: 'importQa',
        });
      } catch (error) {
        await storage.remove(storageKey);
        throw error;
      }
      fastify.jobs.wake();
      return toDatasetFile(created.file, request.locale);
    },
  });
};

export default qaRoutes;
