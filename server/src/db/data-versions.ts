import { sql, type Kysely } from 'kysely';
import type { Database } from './database';
import { prepare } from './prepared';
import type { DB } from './schema';
import { scoped } from './scoped';

/** Areas whose reads are cached by version. */
export type DataArea = 'processes';

const CACHE_SIZE = 1000;

/**
 * Caches a tenant's read answers (bodies or objects) by the version of the data they come from. Every write to an area
 * raises its version in the same transaction ({@link raiseVersion}), and every read first reads the
 * version (one indexed row), so a cached answer is never stale — across several server processes
 * too, since the version lives in the database.
 */
export function versionedReads<T>(db: Database, area: DataArea) {
  const readVersion = prepare(db, (p: { tenantId: string; area: string }) =>
    scoped(db, p.tenantId)
      .selectFrom('dataVersions')
      .select('dataVersions.version')
      .where('dataVersions.area', '=', p.area),
  );
  const answers = new Map<string, T>();
  return async (tenantId: string, key: string, read: () => Promise<T>): Promise<T> => {
    const [row] = await readVersion({ tenantId, area });
    const cacheKey = `${tenantId}\u0000${row?.version ?? 0}\u0000${key}`;
    const cached = answers.get(cacheKey);
    if (cached !== undefined) return cached;
    const answer = await read();
    if (answers.size >= CACHE_SIZE) answers.delete(answers.keys().next().value as string);
    answers.set(cacheKey, answer);
    return answer;
  };
}

/** Marks a tenant's area as changed; call it inside the transaction of the write. */
export async function raiseVersion(trx: Kysely<DB>, tenantId: string, area: DataArea): Promise<void> {
  await scoped(trx, tenantId)
    .insertInto('dataVersions', { area, version: 1 })
    .onConflict((oc) =>
      oc.columns(['tenantId', 'area']).doUpdateSet({ version: sql<number>`data_versions.version + 1` }),
    )
    .execute();
}
