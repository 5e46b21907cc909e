import type { ListBusinessScenesQuery, Page } from '@flotilla/shared/contracts';
import type { Database } from '../../../db/database';
import { containsText, paged } from '../../../db/filters';
import { scoped } from '../../../db/scoped';
import { isoNow } from '../../../lib/clock';

/** What a scene's form was filled with: text by field name, or dataset ids. */
export type StoredSceneValues = Record<string, string | string[]>;
/** A scene robot's template and form values (its flow lives with the robot's flow). */
export type StoredScene = { processId: string; templateId: string; values: StoredSceneValues; updatedAt: string };

/**
 * Business scenes: one row per robot built from a template, with the form's values, so the scene can be
 * edited and its flow built again. The row goes with its robot (foreign key, cascade).
 */
export function scenesRepository(db: Database) {
  return {
    /** The tenant's scene robots (their ids and templates), newest robot first, by the robot's name or description. */
    async list(
      tenantId: string,
      query: ListBusinessScenesQuery,
    ): Promise<Page<{ processId: string; templateId: string }>> {
      const tenant = scoped(db, tenantId);
      let base = tenant
        .selectFrom('businessScenes')
        .innerJoin('processes', 'processes.processId', 'businessScenes.processId')
        // The robot is the tenant's too: the join keeps to the same tenant.
        .whereRef('processes.tenantId', '=', 'businessScenes.tenantId');
      if (query.keyword) {
        const keyword = query.keyword;
        base = base.where((eb) =>
          eb.or([containsText('processes.name', keyword), containsText('processes.description', keyword)]),
        );
      }
      const [rows, count] = await Promise.all([
        base
          .select(['businessScenes.processId', 'businessScenes.templateId'])
          .orderBy('processes.createdAt', 'desc')
          .orderBy('businessScenes.processId')
          .limit(query.limit)
          .offset(query.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
      ]);
      return paged(rows, count.total);
    },

    async get(tenantId: string, processId: string): Promise<StoredScene | undefined> {
      const row = await scoped(db, tenantId)
        .selectFrom('businessScenes')
        .select(['processId', 'templateId', 'values', 'updatedAt'])
        .where('processId', '=', processId)
        .executeTakeFirst();
      return row && { ...row, values: JSON.parse(row.values) as StoredSceneValues };
    },

    /** Records that the tenant's robot `processId` was built from `templateId` with `values`. */
    async create(tenantId: string, processId: string, templateId: string, values: StoredSceneValues): Promise<void> {
      const now = isoNow();
      await scoped(db, tenantId)
        .insertInto('businessScenes', {
          processId,
          templateId,
          values: JSON.stringify(values),
          createdAt: now,
          updatedAt: now,
        })
        .execute();
    },

    /** The scene's new values; false when the tenant has no such scene. */
    async update(tenantId: string, processId: string, values: StoredSceneValues): Promise<boolean> {
      const result = await scoped(db, tenantId)
        .updateTable('businessScenes')
        .set({ values: JSON.stringify(values), updatedAt: isoNow() })
        .where('processId', '=', processId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export type ScenesRepository = ReturnType<typeof scenesRepository>;
