import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CreateDatasetBodySchema, DatasetListResponseSchema, DatasetParamsSchema, DatasetSchema, ListDatasetsQuerySchema, OkSchema } from '@flotilla/shared/contracts';
import { found, notFound } from '../../lib/app-error';
import { OPERATORS } from '../access';

const tags = ['datasets'];

const datasetsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { datasets } = fastify.repos;

  fastify.get('/v1/datasets', {
    config: { auth: OPERATORS },
    schema: { tags, summary: 'Datasets of the tenant, newest first (paged; keyword filter)', querystring: ListDatasetsQuerySchema, response: { 200: DatasetListResponseSchema } },
    handler: async (request) => datasets.list(request.auth.tenantId, request.query),
  });

  fastify.post('/v1/datasets', {
    config: { auth: OPERATORS },
    schema: { tags, summary: 'Create a dataset', body: CreateDatasetBodySchema, response: { 200: DatasetSchema } },
    handler: async (request) => datasets.create(request.auth.tenantId, request.body),
  });

  fastify.get('/v1/datasets/:id', {
    config: { auth: OPERATORS },
    schema: { tags, summary: 'One dataset', params: DatasetParamsSchema, response: { 200: DatasetSchema } },
    handler: async (request) => found(await datasets.get(request.auth.tenantId, request.params.id), 'DATASET_NOT_FOUND'),
  });

  fastify.delete('/v1/datasets/:id', {
    config: { auth: OPERATORS },
    schema: { tags, summary: 'Delete a dataset', params: DatasetParamsSchema, response: { 200: OkSchema } },
    handler: async (request) => {
      if (!(await datasets.remove(request.auth.tenantId, request.params.id))) throw notFound('DATASET_NOT_FOUND');
      return { ok: true as const };
    },
  });
};

export default datasetsRoutes;
