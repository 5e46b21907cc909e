import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CreateCatalogue, DeleteCatalogue, ListCatalogues, UpdateCatalogue } from '@flotilla/shared/contracts';
import { OPERATORS } from '../access';
import { route } from '../endpoint-route';
import { removeOriginals, requireDataset } from './dataset-access';

const tags = ['datasets'];

/** Catalogues (folders) of a dataset: a tree the client builds from `parentId`. */
const cataloguesRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { catalogues } = fastify.repos;

  route(fastify, ListCatalogues, {
    config: { auth: OPERATORS },
    tags,
    summary: "All of a dataset's catalogues, by name (the client builds the tree from parentId)",
    handler: async (request) => {
      const dataset = await requireDataset(fastify, request, request.params.id);
      return catalogues.list(request.auth.tenantId, dataset.id);
    },
  });

  route(fastify, CreateCatalogue, {
    config: { auth: OPERATORS },
    tags,
    summary:
      'Create a catalogue, at the top or inside `parentId` (404 CATALOGUE_NOT_FOUND for a parent outside the dataset)',
    handler: async (request) => catalogues.create(request.auth.tenantId, request.params.id, request.body),
  });

  route(fastify, UpdateCatalogue, {
    config: { auth: OPERATORS },
    tags,
    summary:
      'Rename and/or move a catalogue (`parentId` null: to the top); 409 CONFLICT moving it into itself or one of its descendants',
    handler: async (request) =>
      catalogues.update(request.auth.tenantId, request.params.id, request.params.cid, request.body),
  });

  route(fastify, DeleteCatalogue, {
    config: { auth: OPERATORS },
    tags,
    summary: 'Delete a catalogue with the catalogues below it and all their files and segments',
    handler: async (request) => {
      const keys = await catalogues.remove(request.auth.tenantId, request.params.id, request.params.cid);
      await removeOriginals(fastify, keys);
      return { ok: true as const };
    },
  });
};

export default cataloguesRoutes;
