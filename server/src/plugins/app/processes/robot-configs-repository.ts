import type { Selectable } from 'kysely';
import { DEFAULT_BASIC_CONFIG, type BasicConfig, type UpdateBasicConfigBody } from '@flotilla/shared/contracts';
import type { Database } from '../../../db/database';
import type { ProcessConfigsTable } from '../../../db/schema';
import { scoped, type Scoped } from '../../../db/scoped';
import { notFound } from '../../../lib/app-error';
import { isoNow } from '../../../lib/clock';

function toBasicConfig(row: Selectable<ProcessConfigsTable>): BasicConfig {
  return {
    model: row.model,
    systemPrompt: row.systemPrompt,
    temperature: Number(row.temperature),
    historyLength: row.historyLength,
    fallbackReply: row.fallbackReply,
    datasetIds: JSON.parse(row.datasetIds) as string[],
    databaseIds: JSON.parse(row.databaseIds) as string[],
    librarySearch: row.librarySearch === 1,
    dbSearch: row.dbSearch === 1,
  };
}

/** The robot's basic config (the defaults when never saved); undefined when the tenant has no such robot. */
async function read(tenant: Scoped, processId: string): Promise<BasicConfig | undefined> {
  const row = await tenant
    .selectFrom('processes')
    .leftJoin('processConfigs', 'processConfigs.processId', 'processes.processId')
    .select('processes.processId as robotId')
    .selectAll('processConfigs')
    .where('processes.processId', '=', processId)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.processId === null) return { ...DEFAULT_BASIC_CONFIG, datasetIds: [], databaseIds: [] };
  return toBasicConfig(row as Selectable<ProcessConfigsTable>);
}

/** A robot's basic config: model, prompt, and the knowledge it answers from. */
export function robotConfigsRepository(db: Database) {
  return {
    get: (tenantId: string, processId: string) => read(scoped(db, tenantId), processId),

    /**
     * Changes the fields given (on top of the defaults when never saved); undefined when the tenant has no
     * such robot, 404 DATASET_NOT_FOUND when a bound dataset is not the tenant's. Database ids are kept as
     * given: databases are not stored yet.
     */
    async update(tenantId: string, processId: string, body: UpdateBasicConfigBody): Promise<BasicConfig | undefined> {
      return db.transaction().execute(async (trx) => {
        const tenant = scoped(trx, tenantId);
        const current = await read(tenant, processId);
        if (!current) return undefined;
        const datasetIds = [...new Set(body.datasetIds ?? [])];
        if (datasetIds.length > 0) {
          const known = await tenant.selectFrom('datasets').select('id').where('id', 'in', datasetIds).execute();
          if (known.length !== datasetIds.length) throw notFound('DATASET_NOT_FOUND');
        }
        const next: BasicConfig = { ...current, ...body };
        const row = {
          model: next.model,
          systemPrompt: next.systemPrompt,
          temperature: next.temperature,
          historyLength: next.historyLength,
          fallbackReply: next.fallbackReply,
          datasetIds: JSON.stringify([...new Set(next.datasetIds)]),
          databaseIds: JSON.stringify([...new Set(next.databaseIds)]),
          librarySearch: next.librarySearch ? 1 : 0,
          dbSearch: next.dbSearch ? 1 : 0,
          updatedAt: isoNow(),
        } as const;
        await tenant
          .insertInto('processConfigs', { processId, ...row })
          .onConflict((oc) => oc.column('processId').doUpdateSet(row))
          .execute();
        return read(tenant, processId);
      });
    },
  };
}
