import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Catalogue, CreateCatalogueBody, UpdateCatalogueBody } from '@flotilla/shared/contracts';
import type { Database } from '../../../db/database';
import { isEmptyPatch } from '../../../db/patch';
import type { DB } from '../../../db/schema';
import { scoped } from '../../../db/scoped';
import { AppError, notFound } from '../../../lib/app-error';
import { isoNow } from '../../../lib/clock';
import { lockDataset, removeFilesIn } from './dataset-files-repository';

const cycle = () => new AppError(409, 'CONFLICT', 'CATALOGUE_CYCLE');

/** Every catalogue of the dataset: id → parent id. */
async function parentsOf(trx: Kysely<DB>, tenantId: string, datasetId: string): Promise<Map<string, string | null>> {
  const rows = await scoped(trx, tenantId)
    .selectFrom('datasetCatalogues')
    .select(['id', 'parentId'])
    .where('datasetId', '=', datasetId)
    .execute();
  return new Map(rows.map((row) => [row.id, row.parentId]));
}

/** `root` and every catalogue below it (breadth first; linear in the tree). */
function subtree(parents: Map<string, string | null>, root: string): string[] {
  const children = new Map<string, string[]>();
  for (const [id, parent] of parents) if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), id]);
  const ids = [root];
  for (let i = 0; i < ids.length; i++) ids.push(...(children.get(ids[i] as string) ?? []));
  return ids;
}

/** Catalogues (folders) of a dataset: a tree by `parentId`, within one dataset. */
export function cataloguesRepository(db: Database) {
  return {
    async list(tenantId: string, datasetId: string): Promise<Catalogue[]> {
      return scoped(db, tenantId)
        .selectFrom('datasetCatalogues')
        .select(['id', 'datasetId', 'parentId', 'name', 'createdAt'])
        .where('datasetId', '=', datasetId)
        .orderBy('name')
        .orderBy('id')
        .execute();
    },

    async exists(tenantId: string, datasetId: string, id: string): Promise<boolean> {
      const row = await scoped(db, tenantId)
        .selectFrom('datasetCatalogues')
        .select('id')
        .where('datasetId', '=', datasetId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** 404 DATASET_NOT_FOUND, or CATALOGUE_NOT_FOUND for a parent outside the dataset. */
    async create(tenantId: string, datasetId: string, body: CreateCatalogueBody): Promise<Catalogue> {
      return db.transaction().execute(async (trx) => {
        await lockDataset(trx, tenantId, datasetId);
        const parentId = body.parentId ?? null;
        if (parentId !== null && !(await parentsOf(trx, tenantId, datasetId)).has(parentId))
          throw notFound('CATALOGUE_NOT_FOUND');
        const row = { id: randomUUID(), datasetId, parentId, name: body.name.trim(), createdAt: isoNow() };
        await scoped(trx, tenantId).insertInto('datasetCatalogues', row).execute();
        return row;
      });
    },

    /** Renames and/or moves; 404 for an unknown catalogue or parent; 409 CONFLICT moving it into itself or below itself. */
    async update(tenantId: string, datasetId: string, id: string, body: UpdateCatalogueBody): Promise<Catalogue> {
      return db.transaction().execute(async (trx) => {
        await lockDataset(trx, tenantId, datasetId);
        const parents = await parentsOf(trx, tenantId, datasetId);
        if (!parents.has(id)) throw notFound('CATALOGUE_NOT_FOUND');
        const changes: { name?: string; parentId?: string | null } = {};
        if (body.name !== undefined) changes.name = body.name.trim();
        if (body.parentId !== undefined) {
          const parentId = body.parentId;
          if (parentId !== null && !parents.has(parentId)) throw notFound('CATALOGUE_NOT_FOUND');
          if (parentId !== null && subtree(parents, id).includes(parentId)) throw cycle();
          changes.parentId = parentId;
        }
        const tenant = scoped(trx, tenantId);
        // Nothing to change (no declared field given): an empty SET is not SQL.
        if (!isEmptyPatch(changes))
          await tenant.updateTable('datasetCatalogues').set(changes).where('id', '=', id).execute();
        return tenant
          .selectFrom('datasetCatalogues')
          .select(['id', 'datasetId', 'parentId', 'name', 'createdAt'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
      });
    },

    /** Deletes the catalogue, the catalogues below it and all their files with their segments; returns the files' storage keys. */
    async remove(tenantId: string, datasetId: string, id: string): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        await lockDataset(trx, tenantId, datasetId);
        const parents = await parentsOf(trx, tenantId, datasetId);
        if (!parents.has(id)) throw notFound('CATALOGUE_NOT_FOUND');
        const ids = subtree(parents, id);
        const tenant = scoped(trx, tenantId);
        const files = await tenant
          .selectFrom('datasetFiles')
          .select('id')
          .where('datasetId', '=', datasetId)
          .where('catalogueId', 'in', ids)
          .execute();
        const keys = await removeFilesIn(
          trx,
          tenantId,
          datasetId,
          files.map((file) => file.id),
        );
        // Deepest first, so no row is left pointing at a deleted parent at any moment.
        for (const catalogueId of [...ids].reverse())
          await tenant.deleteFrom('datasetCatalogues').where('id', '=', catalogueId).execute();
        return keys;
      });
    },
  };
}

export type CataloguesRepository = ReturnType<typeof cataloguesRepository>;
