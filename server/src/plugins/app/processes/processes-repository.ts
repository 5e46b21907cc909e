import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type {
  BasicConfig,
  CreateRobotBody,
  ListRobotsQuery,
  Page,
  Robot,
  UpdateRobotBody,
} from '@flotilla/shared/contracts';
import type { Database } from '../../../db/database';
import { containsPattern, matchesPattern, paged } from '../../../db/filters';
import { raiseVersion } from '../../../db/data-versions';
import { prepareVariants } from '../../../db/prepared';
import type { DB, ProcessesTable } from '../../../db/schema';
import { isEmptyPatch, patchOf } from '../../../db/patch';
import { scoped, type Scoped } from '../../../db/scoped';
import { isoNow } from '../../../lib/clock';
import { newShareRow } from '../shares/shares-repository';
import { configRow } from './robot-configs-repository';

type Tag = Robot['tags'][number];

const NAME_MAX = 100;

/** A row as `scoped().insertInto` takes it (the scope stamps the tenant). */
function withoutTenant<T extends { tenantId: string }>(row: T): Omit<T, 'tenantId'> {
  const { tenantId: _tenantId, ...rest } = row;
  return rest;
}

/** "<name><suffix>" (" (copy)", " (副本)"), shortened so it stays within the name limit. */
export function copyName(name: string, suffix: string): string {
  return `${[...name].slice(0, NAME_MAX - [...suffix].length).join('')}${suffix}`;
}

function toRobot(row: Selectable<ProcessesTable>, tags: Tag[]): Robot {
  return {
    processId: row.processId,
    adminId: row.adminId,
    name: row.name,
    description: row.description,
    icon: row.icon,
    type: row.type,
    enabled: row.enabled === 1,
    tags,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Tags of several robots in one query. */
async function tagsOf(tenant: Scoped, processIds: string[]): Promise<Map<string, Tag[]>> {
  const byProcess = new Map<string, Tag[]>(processIds.map((id) => [id, []]));
  if (processIds.length === 0) return byProcess;
  const rows = await tenant
    .selectFrom('processTagBindings')
    .innerJoin('processTags', 'processTags.id', 'processTagBindings.tagId')
    .select(['processTagBindings.processId', 'processTags.id', 'processTags.name'])
    .where('processTagBindings.processId', 'in', processIds)
    .orderBy('processTags.name')
    .execute();
  return groupTags(byProcess, rows);
}

function groupTags(
  byProcess: Map<string, Tag[]>,
  rows: Array<{ processId: string; id: string; name: string }>,
): Map<string, Tag[]> {
  for (const row of rows) byProcess.get(row.processId)?.push({ id: row.id, name: row.name });
  return byProcess;
}

/** Which filters a list query has: each combination is one prepared query. */
type ListVariant = { keyword: boolean; tag: boolean };
type ListParams = { tenantId: string; pattern: string; tagId: string; limit: number; offset: number };

/** The list is the console's busiest call: its three queries are prepared once per filter combination. */
function listQueries(db: Database) {
  const matching = (variant: ListVariant, p: ListParams) => {
    let query = scoped(db, p.tenantId).selectFrom('processes');
    if (variant.keyword) {
      query = query.where((eb) =>
        eb.or([matchesPattern('processes.name', p.pattern), matchesPattern('processes.description', p.pattern)]),
      );
    }
    if (variant.tag) {
      query = query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('processTagBindings')
            .select('processTagBindings.tagId')
            .whereRef('processTagBindings.processId', '=', 'processes.processId')
            .where('processTagBindings.tagId', '=', p.tagId),
        ),
      );
    }
    return query;
  };
  const page = (variant: ListVariant, p: ListParams) =>
    matching(variant, p).orderBy('processes.createdAt', 'desc').limit(p.limit).offset(p.offset);
  return {
    rows: prepareVariants(db, (variant: ListVariant, p: ListParams) => page(variant, p).selectAll()),
    count: prepareVariants(db, (variant: ListVariant, p: ListParams) =>
      matching(variant, p).select((eb) => eb.fn.countAll().as('total')),
    ),
    tags: prepareVariants(db, (variant: ListVariant, p: ListParams) =>
      scoped(db, p.tenantId)
        .selectFrom('processTagBindings')
        .innerJoin('processTags', 'processTags.id', 'processTagBindings.tagId')
        .select(['processTagBindings.processId', 'processTags.id', 'processTags.name'])
        .where('processTagBindings.processId', 'in', page(variant, p).select('processes.processId'))
        .orderBy('processTags.name'),
    ),
  };
}

/**
 * Copies a robot inside the caller's transaction, owned by `owner.adminId` and named `owner.name(source name)`:
 * its basic config, preset, share settings (the share itself new and disabled), flow (draft and published, not
 * its version history) and tags. Answers the copy's id, or undefined when the tenant has no such robot.
 */
export async function cloneRobot(
  trx: Kysely<DB>,
  tenantId: string,
  processId: string,
  owner: { adminId: string; name: (sourceName: string) => string },
): Promise<string | undefined> {
  const tenant = scoped(trx, tenantId);
  const source = await tenant.selectFrom('processes').selectAll().where('processId', '=', processId).executeTakeFirst();
  if (!source) return undefined;
  const now = isoNow();
  const id = randomUUID();
  await tenant
    .insertInto('processes', {
      ...withoutTenant(source),
      processId: id,
      adminId: owner.adminId,
      name: owner.name(source.name),
      createdAt: now,
      updatedAt: now,
    })
    .execute();

  const share = await tenant.selectFrom('shares').selectAll().where('processId', '=', processId).executeTakeFirst();
  const fresh = newShareRow(id, now);
  await tenant
    .insertInto(
      'shares',
      share
        ? {
            ...withoutTenant(share),
            shareId: fresh.shareId,
            processId: id,
            enabled: 0,
            createdAt: now,
            updatedAt: now,
          }
        : fresh,
    )
    .execute();

  const config = await tenant
    .selectFrom('processConfigs')
    .selectAll()
    .where('processId', '=', processId)
    .executeTakeFirst();
  if (config)
    await tenant.insertInto('processConfigs', { ...withoutTenant(config), processId: id, updatedAt: now }).execute();

  // Its flow goes with it, draft and published; its version history stays with the original.
  const flow = await tenant
    .selectFrom('processFlows')
    .selectAll()
    .where('processId', '=', processId)
    .executeTakeFirst();
  if (flow)
    await tenant
      .insertInto('processFlows', {
        ...withoutTenant(flow),
        processId: id,
        publishedVersionId: null,
        updatedAt: now,
      })
      .execute();

  const bindings = await tenant
    .selectFrom('processTagBindings')
    .select('tagId')
    .where('processId', '=', processId)
    .execute();
  if (bindings.length > 0)
    await tenant
      .insertInto(
        'processTagBindings',
        bindings.map(({ tagId }) => ({ processId: id, tagId })),
      )
      .execute();

  await raiseVersion(trx, tenantId, 'processes');
  return id;
}

export function processesRepository(db: Database) {
  const listed = listQueries(db);
  const repository = {
    async list(tenantId: string, query: ListRobotsQuery): Promise<Page<Robot>> {
      const variant = { keyword: Boolean(query.keyword), tag: Boolean(query.tagId) };
      const params = {
        tenantId,
        pattern: containsPattern(query.keyword ?? ''),
        tagId: query.tagId ?? '',
        limit: query.limit,
        offset: query.offset,
      };
      const [rows, [count], tagRows] = await Promise.all([
        listed.rows(variant, params),
        listed.count(variant, params),
        listed.tags(variant, params),
      ]);
      const tags = groupTags(new Map(rows.map((row) => [row.processId, []])), tagRows);
      return paged(
        rows.map((row) => toRobot(row, tags.get(row.processId) ?? [])),
        count?.total ?? 0,
      );
    },

    async get(tenantId: string, processId: string): Promise<Robot | undefined> {
      const tenant = scoped(db, tenantId);
      const row = await tenant
        .selectFrom('processes')
        .selectAll()
        .where('processId', '=', processId)
        .executeTakeFirst();
      if (!row) return undefined;
      const tags = await tagsOf(tenant, [processId]);
      return toRobot(row, tags.get(processId) ?? []);
    },

    /** Several robots of the tenant with their tags, in two queries, in the order of `processIds` (missing ones left out). */
    async getMany(tenantId: string, processIds: readonly string[]): Promise<Robot[]> {
      if (processIds.length === 0) return [];
      const tenant = scoped(db, tenantId);
      const rows = await tenant
        .selectFrom('processes')
        .selectAll()
        .where('processId', 'in', [...processIds])
        .execute();
      const tags = await tagsOf(
        tenant,
        rows.map((row) => row.processId),
      );
      const byId = new Map(rows.map((row) => [row.processId, toRobot(row, tags.get(row.processId) ?? [])]));
      return processIds.flatMap((id) => byId.get(id) ?? []);
    },

    /** A robot and its share row (disabled until the operator turns sharing on). */
    /** A robot with its share (disabled) and its basic config, in one transaction. */
    async create(tenantId: string, adminId: string, body: CreateRobotBody, config: BasicConfig): Promise<Robot> {
      const now = isoNow();
      const row = {
        processId: randomUUID(),
        adminId,
        name: body.name,
        description: body.description ?? '',
        icon: body.icon ?? '',
        type: body.type ?? 'simple',
        enabled: 1,
        createdAt: now,
        updatedAt: now,
      } as const;
      await db.transaction().execute(async (trx) => {
        const tenant = scoped(trx, tenantId);
        await tenant.insertInto('processes', row).execute();
        await tenant.insertInto('shares', newShareRow(row.processId, now)).execute();
        await tenant.insertInto('processConfigs', { processId: row.processId, ...configRow(config) }).execute();
        await raiseVersion(trx, tenantId, 'processes');
      });
      return toRobot({ ...row, tenantId }, []);
    },

    /** Deletes the robot with its share, tag bindings and case form; false when the tenant has no such robot. */
    async remove(tenantId: string, processId: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const tenant = scoped(trx, tenantId);
        await tenant.deleteFrom('shares').where('processId', '=', processId).execute();
        await tenant.deleteFrom('processTagBindings').where('processId', '=', processId).execute();
        await tenant.deleteFrom('caseForms').where('processId', '=', processId).execute();
        // Its chats go with it (completions cascade from their sessions); its secrets cascade from the robot.
        await tenant.deleteFrom('chatSessions').where('processId', '=', processId).execute();
        const result = await tenant.deleteFrom('processes').where('processId', '=', processId).executeTakeFirst();
        await raiseVersion(trx, tenantId, 'processes');
        return Number(result.numDeletedRows) > 0;
      });
    },

    /** Changes the fields given (name, description, icon, type); undefined when the tenant has no such robot. */
    async update(tenantId: string, processId: string, body: UpdateRobotBody): Promise<Robot | undefined> {
      const patch = patchOf(body, ['name', 'description', 'icon', 'type']);
      if (isEmptyPatch(patch)) return repository.get(tenantId, processId);
      const changed = await db.transaction().execute(async (trx) => {
        const result = await scoped(trx, tenantId)
          .updateTable('processes')
          .set({ ...patch, updatedAt: isoNow() })
          .where('processId', '=', processId)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        await raiseVersion(trx, tenantId, 'processes');
        return true;
      });
      return changed ? repository.get(tenantId, processId) : undefined;
    },

    /**
     * A copy of the robot in the same tenant, named "<name><copySuffix>" and owned by `adminId`: with its basic
     * config, preset, share settings (the share itself new and disabled) and tags. Undefined when the
     * tenant has no such robot.
     */
    async clone(tenantId: string, adminId: string, processId: string, copySuffix: string): Promise<Robot | undefined> {
      const cloneId = await db
        .transaction()
        .execute((trx) =>
          cloneRobot(trx, tenantId, processId, { adminId, name: (name) => copyName(name, copySuffix) }),
        );
      return cloneId === undefined ? undefined : repository.get(tenantId, cloneId);
    },

    async setEnabled(tenantId: string, processId: string, enabled: boolean): Promise<Robot | undefined> {
      await db.transaction().execute(async (trx) => {
        await scoped(trx, tenantId)
          .updateTable('processes')
          .set({ enabled: enabled ? 1 : 0, updatedAt: isoNow() })
          .where('processId', '=', processId)
          .execute();
        await raiseVersion(trx, tenantId, 'processes');
      });
      return repository.get(tenantId, processId);
    },
  };
  return repository;
}
