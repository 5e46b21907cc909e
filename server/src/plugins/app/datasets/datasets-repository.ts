import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import {
  CHUNK_LIMITS,
  type CreateDatasetBody,
  type Dataset,
  type ListDatasetsQuery,
  type Page,
  type UpdateDatasetBody,
} from '@flotilla/shared/contracts';
import type { Database } from '../../../db/database';
import { containsText, paged } from '../../../db/filters';
import { patchOf } from '../../../db/patch';
import type { DatasetsTable } from '../../../db/schema';
import { scoped } from '../../../db/scoped';
import { isoNow } from '../../../lib/clock';
import { insertJob, type Job } from '../jobs/jobs-repository';
import { lockDataset, removeFilesIn, settingsOf } from './dataset-files-repository';

function toDataset(row: Selectable<DatasetsTable>): Dataset {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    fileCount: Number(row.fileCount),
    segmentCount: Number(row.segmentCount),
    chunkSize: row.chunkSize,
    overlap: row.overlap,
    separators: JSON.parse(row.separators) as string[],
    embeddingModel: row.embeddingModel,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function datasetsRepository(db: Database) {
  return {
    async list(tenantId: string, query: ListDatasetsQuery): Promise<Page<Dataset>> {
      let base = scoped(db, tenantId).selectFrom('datasets');
      if (query.keyword) {
        const keyword = query.keyword;
        base = base.where((eb) =>
          eb.or([containsText('datasets.name', keyword), containsText('datasets.description', keyword)]),
        );
      }
      const [rows, count] = await Promise.all([
        base.selectAll().orderBy('createdAt', 'desc').limit(query.limit).offset(query.offset).execute(),
        base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
      ]);
      return paged(rows.map(toDataset), count.total);
    },

    async get(tenantId: string, id: string): Promise<Dataset | undefined> {
      const row = await scoped(db, tenantId).selectFrom('datasets').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toDataset(row);
    },

    async create(tenantId: string, body: CreateDatasetBody): Promise<Dataset> {
      const now = isoNow();
      const row = {
        id: randomUUID(),
        name: body.name,
        description: body.description ?? '',
        fileCount: 0,
        segmentCount: 0,
        chunkSize: body.chunkSize ?? CHUNK_LIMITS.chunkSize.default,
        overlap: body.overlap ?? CHUNK_LIMITS.overlap.default,
        separators: JSON.stringify(body.separators ?? []),
        embeddingModel: body.embeddingModel ?? null,
        createdAt: now,
        updatedAt: now,
      };
      await scoped(db, tenantId).insertInto('datasets', row).execute();
      return toDataset({ ...row, tenantId });
    },

    /**
     * Changes the fields given (404 DATASET_NOT_FOUND). A new embedding model makes the old vectors
     * meaningless: they are cleared, and each parsed file gets a reindexFile job (started by `userId`) that
     * computes them again; the jobs are returned so the caller can wake the worker.
     */
    async update(
      tenantId: string,
      id: string,
      body: UpdateDatasetBody,
      userId: string,
    ): Promise<{ dataset: Dataset; jobs: Job[] }> {
      return db.transaction().execute(async (trx) => {
        await lockDataset(trx, tenantId, id);
        const tenant = scoped(trx, tenantId);
        const current = await tenant.selectFrom('datasets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        const now = isoNow();
        const changes = {
          ...patchOf(body, ['name', 'description', 'chunkSize', 'overlap', 'embeddingModel']),
          ...(body.separators !== undefined ? { separators: JSON.stringify(body.separators) } : {}),
          updatedAt: now,
        };
        const jobs: Job[] = [];
        const model = body.embeddingModel === undefined ? current.embeddingModel : body.embeddingModel;
        if (model !== current.embeddingModel) {
          if (model !== null) {
            const files = await tenant
              .selectFrom('datasetFiles')
              .select(['id', 'name', 'chunkSize', 'overlap', 'separators'])
              .where('datasetId', '=', id)
              .where('status', '=', 'done')
              .execute();
            for (const file of files) {
              const job = await insertJob(trx, tenantId, {
                userId,
                type: 'reindexFile',
                title: file.name,
                datasetId: id,
                fileId: file.id,
                payload: { settings: settingsOf(file) },
              });
              await tenant
                .updateTable('datasetFiles')
                .set({ status: 'queued', error: null, jobId: job.id, updatedAt: now })
                .where('id', '=', file.id)
                .execute();
              jobs.push(job);
            }
          }
          await tenant.updateTable('segments').set({ embedding: null }).where('datasetId', '=', id).execute();
        }
        await tenant.updateTable('datasets').set(changes).where('id', '=', id).execute();
        return { dataset: toDataset({ ...current, ...changes }), jobs };
      });
    },

    /**
     * Deletes the dataset with its catalogues, files (their jobs cancelled) and segments; undefined when the
     * tenant has no such dataset, else the storage keys of the files' originals, to remove after the commit.
     */
    async remove(tenantId: string, id: string): Promise<string[] | undefined> {
      return db.transaction().execute(async (trx) => {
        const tenant = scoped(trx, tenantId);
        const exists = await tenant
          .updateTable('datasets')
          .set({ updatedAt: isoNow() })
          .where('id', '=', id)
          .executeTakeFirst();
        if (Number(exists.numUpdatedRows) === 0) return undefined;
        const files = await tenant.selectFrom('datasetFiles').select('id').where('datasetId', '=', id).execute();
        const keys = await removeFilesIn(
          trx,
          tenantId,
          id,
          files.map((file) => file.id),
        );
        await tenant.deleteFrom('segments').where('datasetId', '=', id).execute();
        await tenant.deleteFrom('datasetCatalogues').where('datasetId', '=', id).execute();
        await tenant.deleteFrom('datasets').where('id', '=', id).execute();
        return keys;
      });
    },

    /** The dataset's QA pairs entered by hand that have no vector yet (after its embedding model changed). */
    async handPairsWithoutVector(tenantId: string, id: string): Promise<Array<{ id: string; text: string }>> {
      return scoped(db, tenantId)
        .selectFrom('segments')
        .select(['id', 'text'])
        .where('datasetId', '=', id)
        .where('fileId', 'is', null)
        .where('embedding', 'is', null)
        .orderBy('position')
        .execute();
    },

    /** Stores vectors of the dataset's segments (only where none was stored since they were read). */
    async setVectors(
      tenantId: string,
      datasetId: string,
      vectors: Array<{ id: string; embedding: Buffer }>,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        // Its content changes: raised updatedAt (and the row lock, see lockDataset) like every such change.
        await lockDataset(trx, tenantId, datasetId);
        for (const { id, embedding } of vectors) {
          await scoped(trx, tenantId)
            .updateTable('segments')
            .set({ embedding })
            .where('datasetId', '=', datasetId)
            .where('id', '=', id)
            .where('embedding', 'is', null)
            .execute();
        }
      });
    },
  };
}
