import { randomUUID } from 'node:crypto';
import type { Robot, RobotTag } from '@flotilla/shared/contracts';
import { isUniqueViolation, type Database } from '../../../db/database';
import { raiseVersion } from '../../../db/data-versions';
import { scoped, type Scoped } from '../../../db/scoped';
import { AppError } from '../../../lib/app-error';
import { isoNow } from '../../../lib/clock';

const tagExists = () => new AppError(409, 'CONFLICT', 'TAG_EXISTS');
const tagNotFound = () => new AppError(404, 'NOT_FOUND', 'TAG_NOT_FOUND');

/** Runs a write that may hit the (tenant, name) unique constraint: 409 TAG_EXISTS then. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw tagExists();
    throw error;
  }
}

async function nameTaken(tenant: Scoped, name: string, exceptId = ''): Promise<boolean> {
  const row = await tenant
    .selectFrom('processTags')
    .select('id')
    .where('name', '=', name)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Tags of robots. Every write raises the robot list's data version: the list shows tags. The robot's own
 * answer (with its tags) comes from the processes repository, passed in as `getRobot`.
 */
export function robotTagsRepository(
  db: Database,
  getRobot: (tenantId: string, processId: string) => Promise<Robot | undefined>,
) {
  return {
    async list(tenantId: string): Promise<RobotTag[]> {
      return scoped(db, tenantId)
        .selectFrom('processTags')
        .select(['id', 'name'])
        .orderBy('name')
        .orderBy('id')
        .execute();
    },

    /** 409 when the tenant has a tag of that name. */
    async create(tenantId: string, rawName: string): Promise<RobotTag> {
      const tag = { id: randomUUID(), name: rawName.trim(), createdAt: isoNow() };
      await uniqueName(() =>
        db.transaction().execute(async (trx) => {
          const tenant = scoped(trx, tenantId);
          if (await nameTaken(tenant, tag.name)) throw tagExists();
          await tenant.insertInto('processTags', tag).execute();
          await raiseVersion(trx, tenantId, 'processes');
        }),
      );
      return { id: tag.id, name: tag.name };
    },

    /** 404 for an unknown tag, 409 when another tag has that name. */
    async rename(tenantId: string, id: string, rawName: string): Promise<RobotTag> {
      const name = rawName.trim();
      await uniqueName(() =>
        db.transaction().execute(async (trx) => {
          const tenant = scoped(trx, tenantId);
          if (await nameTaken(tenant, name, id)) throw tagExists();
          const result = await tenant.updateTable('processTags').set({ name }).where('id', '=', id).executeTakeFirst();
          if (Number(result.numUpdatedRows) === 0) throw tagNotFound();
          await raiseVersion(trx, tenantId, 'processes');
        }),
      );
      return { id, name };
    },

    /** Deletes the tag and unbinds it from every robot; 404 for an unknown tag. */
    async remove(tenantId: string, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const tenant = scoped(trx, tenantId);
        await tenant.deleteFrom('processTagBindings').where('tagId', '=', id).execute();
        const result = await tenant.deleteFrom('processTags').where('id', '=', id).executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) throw tagNotFound();
        await raiseVersion(trx, tenantId, 'processes');
      });
    },

    /**
     * The robot's tags become exactly `tagIds`. Undefined when the tenant has no such robot; 404 when a
     * tag is not the tenant's.
     */
    async bind(tenantId: string, processId: string, tagIds: string[]): Promise<Robot | undefined> {
      const wanted = [...new Set(tagIds)];
      const bound = await db.transaction().execute(async (trx) => {
        const tenant = scoped(trx, tenantId);
        const robot = await tenant
          .selectFrom('processes')
          .select('processId')
          .where('processId', '=', processId)
          .executeTakeFirst();
        if (!robot) return false;
        if (wanted.length > 0) {
          const known = await tenant.selectFrom('processTags').select('id').where('id', 'in', wanted).execute();
          if (known.length !== wanted.length) throw tagNotFound();
        }
        await tenant.deleteFrom('processTagBindings').where('processId', '=', processId).execute();
        if (wanted.length > 0)
          await tenant
            .insertInto(
              'processTagBindings',
              wanted.map((tagId) => ({ processId, tagId })),
            )
            .execute();
        await raiseVersion(trx, tenantId, 'processes');
        return true;
      });
      return bound ? getRobot(tenantId, processId) : undefined;
    },
  };
}
