import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CatalogueListResponseSchema,
  CatalogueParamsSchema,
  CatalogueSchema,
  CreateCatalogueBodySchema,
  DatasetParamsSchema,
  OkSchema,
  UpdateCatalogueBodySchema,
} from '@flotilla/shared/contracts';
import { OPERATORS } from '../access';
import { removeOriginals, requireDataset } from './dataset-access';

const tags = ['datasets'];

/** Catalogues (folders) of a dataset: a tree the client builds from `parentId`. */
const cataloguesRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { catalogues } = fastify.repos;

  fastify.get('/v1/datasets/:id/catalogues', {
    config: { auth: OPERATORS },
    schema: { tags, summary: "All of a dataset's catalogues, by name (the client builds the tree from parentId)", params: DatasetParamsSchema, response: { 200: CatalogueListResponseSchema } },
    handler: async (request) => {
      const dataset = await requireDataset(fastify, request, request.params.id);
      return catalogues.list(request.auth.tenantId, dataset.id);
    },
  });

  fastify.post('/v1/datasets/:id/catalogues', {
    config: { auth: OPERATORS },
    schema: { tags, summary: 'Create a catalogue, at the top or inside `parentId` (404 CATALOGUE_NOT_FOUND for a parent outside the dataset)', params: DatasetParamsSchema, body: CreateCatalogueBodySchema, response: { 200: CatalogueSchema } },
    handler: async (request) => catalogues.create(request.auth.tenantId, request.params.id, request.body),
  });

  fastify.put('/v1/datasets/:id/catalogues/:cid', {
    config: { auth: OPERATORS },
    schema: {
      tags,
      summary: 'Rename and/or move a catalogue (`parentId` null: to the top); 409 CONFLICT moving it into itself or one of its descendants',
      params: CatalogueParamsSchema,
      body: UpdateCatalogueBodySchema,
      response: { 200: CatalogueSchema },
    },
    handler: async (request) => catalogues.update(request.auth.tenantId, request.params.id, request.params.cid, request.body),
  });

  fastify.delete('/v1/datasets/:id/catalogues/:cid', {
    config: { auth: OPERATORS },
    schema: { tags, summary: 'Delete a catalogue with the catalogues below it and all their files and segments', params: CatalogueParamsSchema, response: { 200: OkSchema } },
    handler: async (request) => {
      const keys = await catalogues.remove(request.auth.tenantId, request.params.id, request.params.cid);
      await removeOriginals(fastify, keys);
      return { ok: true as const };
    },
  });
};

export default cataloguesRoutes;
