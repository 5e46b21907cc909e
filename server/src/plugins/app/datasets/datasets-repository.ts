import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { CHUNK_LIMITS, type CreateDatasetBody, type Dataset, type ListDatasetsQuery, type Page } from '@flotilla/shared/contracts';
import type { Database } from '../../../db/database';
import { containsText, paged } from '../../../db/filters';
import type { DatasetsTable } from '../../../db/schema';
import { scoped } from '../../../db/scoped';
import { isoNow } from '../../../lib/clock';

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
        base = base.where((eb) => eb.or([containsText('datasets.name', keyword), containsText('datasets.description', keyword)]));
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

    async remove(tenantId: string, id: string): Promise<boolean> {
      const result = await scoped(db, tenantId).deleteFrom('datasets').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
