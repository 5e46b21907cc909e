import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateDataset,
  DeleteDataset,
  GetDataset,
  ListDatasets,
  ListEmbeddingModels,
  UpdateDataset,
} from '@flotilla/shared/contracts';
import { found, invalidInput, notFound } from '../../lib/app-error';
import { toBytes } from '../../search/embeddings';
import { OPERATORS } from '../access';
import { route } from '../endpoint-route';
import { removeOriginals } from './dataset-access';

const tags = ['datasets'];

/** Datasets: list, create, read, edit (chunk settings, embedding model), delete with everything in them. */
const datasetsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { datasets } = fastify.repos;

  /** 422 on `embeddingModel` when it names no configured model. */
  const checkModel = (model: string | null | undefined) => {
    if (model !== undefined && model !== null && !fastify.embedder.has(model))
      throw invalidInput(['body', 'embeddingModel'], 'VALIDATION_FAILED', 'UNKNOWN_EMBEDDING_MODEL');
  };

  /** After a change of model: vectors for the QA pairs entered by hand (files get theirs from their re-index jobs). Best effort. */
  async function embedHandPairs(tenantId: string, datasetId: string, model: string) {
    try {
      const pairs = await datasets.handPairsWithoutVector(tenantId, datasetId);
      if (pairs.length === 0) return;
      const vectors = await fastify.embedder.embed(
        model,
        pairs.map((pair) => pair.text),
      );
      await datasets.setVectors(
        tenantId,
        datasetId,
        pairs.flatMap((pair, i) => (vectors[i] ? [{ id: pair.id, embedding: toBytes(vectors[i]) }] : [])),
      );
    } catch (error) {
      fastify.log.warn(
        { err: error, datasetId },
        'datasets: vectors of QA pairs entered by hand could not be computed; full-text search still finds them',
      );
    }
  }

  route(fastify, ListDatasets, {
    config: { auth: OPERATORS },
    tags,
    summary: 'Datasets of the tenant, newest first (paged; keyword filter)',
    handler: async (request) => datasets.list(request.auth.tenantId, request.query),
  });

  route(fastify, CreateDataset, {
    config: { auth: OPERATORS },
    tags,
    summary: 'Create a dataset (422 for an embedding model the server does not offer)',
    handler: async (request) => {
      checkModel(request.body.embeddingModel);
      return datasets.create(request.auth.tenantId, request.body);
    },
  });

  route(fastify, ListEmbeddingModels, {
    config: { auth: OPERATORS },
    tags,
    summary:
      'Embedding models a dataset may use (configured by FLOTILLA_EMBEDDING_MODELS; never their endpoints or keys)',
    handler: async () => fastify.embedder.models,
  });

  route(fastify, GetDataset, {
    config: { auth: OPERATORS },
    tags,
    summary: 'One dataset',
    handler: async (request) =>
      found(await datasets.get(request.auth.tenantId, request.params.id), 'DATASET_NOT_FOUND'),
  });

  route(fastify, UpdateDataset, {
    config: { auth: OPERATORS },
    tags,
    summary: 'Edit a dataset: name, description, chunk settings (for files uploaded from now on), embedding model',
    description:
      'A new embedding model clears the old vectors and re-indexes every parsed file with a job (see /v1/tasks). 422 for a model the server does not offer.',
    handler: async (request) => {
      checkModel(request.body.embeddingModel);
      const { tenantId, userId } = request.auth;
      const { dataset, jobs } = await datasets.update(tenantId, request.params.id, request.body, userId);
      if (jobs.length > 0) fastify.jobs.wake();
      // Also fills in vectors an earlier attempt could not compute.
      if (dataset.embeddingModel && request.body.embeddingModel !== undefined)
        await embedHandPairs(tenantId, dataset.id, dataset.embeddingModel);
      return dataset;
    },
  });

  route(fastify, DeleteDataset, {
    config: { auth: OPERATORS },
    tags,
    summary: 'Delete a dataset with its catalogues, files (their originals too) and segments',
    handler: async (request) => {
      const keys = await datasets.remove(request.auth.tenantId, request.params.id);
      if (!keys) throw notFound('DATASET_NOT_FOUND');
      await removeOriginals(fastify, keys);
      return { ok: true as const };
    },
  });
};

export default datasetsRoutes;
