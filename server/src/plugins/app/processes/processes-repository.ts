import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { CreateRobotBody, ListRobotsQuery, Page, Robot } from '@flotilla/shared/contracts';
import type { Database } from '../../../db/database';
import { containsText, paged } from '../../../db/filters';
import type { ProcessesTable } from '../../../db/schema';
import { scoped, type Scoped } from '../../../db/scoped';
import { isoNow } from '../../../lib/clock';
import { newShareRow } from '../shares/shares-repository';

type Tag = Robot['tags'][number];

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
  for (const row of rows) byProcess.get(row.processId)?.push({ id: row.id, name: row.name });
  return byProcess;
}

export function processesRepository(db: Database) {
  const repository = {
    async list(tenantId: string, query: ListRobotsQuery): Promise<Page<Robot>> {
      const tenant = scoped(db, tenantId);
      let base = tenant.selectFrom('processes');
      if (query.keyword) {
        const keyword = query.keyword;
        base = base.where((eb) => eb.or([containsText('processes.name', keyword), containsText('processes.description', keyword)]));
      }
      if (query.tagId) {
        const tagId = query.tagId;
        base = base.where(({ exists, selectFrom }) =>
          exists(
            selectFrom('processTagBindings')
              .select('processTagBindings.tagId')
              .whereRef('processTagBindings.processId', '=', 'processes.processId')
              .where('processTagBindings.tagId', '=', tagId),
          ),
        );
      }
      const [rows, count] = await Promise.all([
        base.selectAll().orderBy('createdAt', 'desc').limit(query.limit).offset(query.offset).execute(),
        base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
      ]);
      const tags = await tagsOf(tenant, rows.map((r) => r.processId));
      return paged(rows.map((row) => toRobot(row, tags.get(row.processId) ?? [])), count.total);
    },

    async get(tenantId: string, processId: string): Promise<Robot | undefined> {
      const tenant = scoped(db, tenantId);
      const row = await tenant.selectFrom('processes').selectAll().where('processId', '=', processId).executeTakeFirst();
      if (!row) return undefined;
      const tags = await tagsOf(tenant, [processId]);
      return toRobot(row, tags.get(processId) ?? []);
    },

    /** A robot and its share row (disabled until the operator turns sharing on). */
    async create(tenantId: string, adminId: string, body: CreateRobotBody): Promise<Robot> {
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
      });
      return toRobot({ ...row, tenantId }, []);
    },

    /** Deletes the robot with its share and tag bindings; false when the tenant has no such robot. */
    async remove(tenantId: string, processId: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const tenant = scoped(trx, tenantId);
        await tenant.deleteFrom('shares').where('processId', '=', processId).execute();
        await tenant.deleteFrom('processTagBindings').where('processId', '=', processId).execute();
        const result = await tenant.deleteFrom('processes').where('processId', '=', processId).executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      });
    },

    async setEnabled(tenantId: string, processId: string, enabled: boolean): Promise<Robot | undefined> {
      await scoped(db, tenantId)
        .updateTable('processes')
        .set({ enabled: enabled ? 1 : 0, updatedAt: isoNow() })
        .where('processId', '=', processId)
        .execute();
      return repository.get(tenantId, processId);
    },
  };
  return repository;
}
