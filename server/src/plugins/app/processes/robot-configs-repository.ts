import type { Selectable } from 'kysely';
import {
  DEFAULT_BASIC_CONFIG,
  type BasicConfig,
  type Locale,
  type UpdateBasicConfigBody,
} from '@flotilla/shared/contracts';
import type { Database } from '../../../db/database';
import { patchOf } from '../../../db/patch';
import { prepare } from '../../../db/prepared';
import type { ProcessConfigsTable } from '../../../db/schema';
import { scoped, type Scoped } from '../../../db/scoped';
import { notFound } from '../../../lib/app-error';
import { isoNow } from '../../../lib/clock';
import { message } from '../../../lib/messages';

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

const selectConfig = (tenant: Scoped, processId: string) =>
  tenant
    .selectFrom('processes')
    .leftJoin('processConfigs', 'processConfigs.processId', 'processes.processId')
    .select('processes.processId as robotId')
    .selectAll('processConfigs')
    .where('processes.processId', '=', processId);

/** The basic config of a row of {@link selectConfig}: the defaults when never saved; undefined when there is no such robot. */
function configOf(
  row: Awaited<ReturnType<ReturnType<typeof selectConfig>['executeTakeFirst']>>,
): BasicConfig | undefined {
  if (!row) return undefined;
  if (row.processId === null) return { ...DEFAULT_BASIC_CONFIG, datasetIds: [], databaseIds: [] };
  return toBasicConfig(row as Selectable<ProcessConfigsTable>);
}

const read = async (tenant: Scoped, processId: string) =>
  configOf(await selectConfig(tenant, processId).executeTakeFirst());

/** The fields of a basic config an update may change. */
const BASIC_CONFIG_FIELDS = [
  'model',
  'systemPrompt',
  'temperature',
  'historyLength',
  'fallbackReply',
  'datasetIds',
  'databaseIds',
  'librarySearch',
  'dbSearch',
] as const;

/** A basic config as its row's columns (without the robot's id). */
export function configRow(config: BasicConfig) {
  return {
    model: config.model,
    systemPrompt: config.systemPrompt,
    temperature: config.temperature,
    historyLength: config.historyLength,
    fallbackReply: config.fallbackReply,
    datasetIds: JSON.stringify([...new Set(config.datasetIds)]),
    databaseIds: JSON.stringify([...new Set(config.databaseIds)]),
    librarySearch: config.librarySearch ? 1 : 0,
    dbSearch: config.dbSearch ? 1 : 0,
    updatedAt: isoNow(),
  } as const;
}

/**
 * A new robot's basic config, its texts in `locale`, the language of the console that created it: an English
 * visitor's first answer from a robot made in the English console must not be Chinese.
 */
export function newRobotConfig(locale: Locale): BasicConfig {
  return {
    ...DEFAULT_BASIC_CONFIG,
    datasetIds: [],
    databaseIds: [],
    fallbackReply: message('NEW_ROBOT_FALLBACK_REPLY', locale),
  };
}

/** A robot's basic config: model, prompt, and the knowledge it answers from. */
export function robotConfigsRepository(db: Database) {
  // Every question reads its robot's config: built once.
  const readConfig = prepare(db, (p: { tenantId: string; processId: string }) =>
    selectConfig(scoped(db, p.tenantId), p.processId),
  );
  const repository = {
    get: async (tenantId: string, processId: string) => configOf((await readConfig({ tenantId, processId }))[0]),

    /**
     * Changes the fields given (on top of the defaults when never saved); undefined when the tenant has no
     * such robot, 404 DATASET_NOT_FOUND when a bound dataset is not the tenant's, DATABASE_NOT_FOUND when a
     * bound database is not (one deleted later stays bound: the robot then says it cannot look things up).
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
        const databaseIds = [...new Set(body.databaseIds ?? [])];
        if (databaseIds.length > 0) {
          const known = await tenant.selectFrom('databases').select('id').where('id', 'in', databaseIds).execute();
          if (known.length !== databaseIds.length) throw notFound('DATABASE_NOT_FOUND');
        }
        const row = configRow({ ...current, ...patchOf(body, BASIC_CONFIG_FIELDS) });
        await tenant
          .insertInto('processConfigs', { processId, ...row })
          .onConflict((oc) => oc.column('processId').doUpdateSet(row))
          .execute();
        return read(tenant, processId);
      });
    },
  };
  return repository;
}
