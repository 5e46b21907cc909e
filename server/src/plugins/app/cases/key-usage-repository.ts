import { sql } from 'kysely';
import { KEY_USAGE_LIMITS, type KeyUsageDay } from '@flotilla/shared/contracts';
import type { Database } from '../../../db/database';
import { scoped } from '../../../db/scoped';

/** What one call adds to a secret's counters of the day. */
export type KeyUse = { calls: number; tokens: number; errors: number };

/** Whose use a report sums: one secret, or every secret of a robot. */
export type KeyUsageTarget = { secretId: string } | { processId: string };

/** `counter + added`, stopping at KEY_USAGE_LIMITS.counterMax (the added value is bounded far below it). */
const capped = (column: 'calls' | 'tokens' | 'errors') =>
  sql<number>`case when ${sql.ref(`caseKeyUsage.${column}`)} + ${sql.ref(`excluded.${column}`)} > ${KEY_USAGE_LIMITS.counterMax}
    then ${KEY_USAGE_LIMITS.counterMax} else ${sql.ref(`caseKeyUsage.${column}`)} + ${sql.ref(`excluded.${column}`)} end`;

/** Daily use of robots' API secrets by external callers: calls, tokens and errors per secret and UTC day. */
export function keyUsageRepository(db: Database) {
  return {
    /** The robot of the tenant's secret `secretId` (never its value or hash); undefined: not the tenant's. */
    async secretRobot(tenantId: string, secretId: string): Promise<string | undefined> {
      const row = await scoped(db, tenantId)
        .selectFrom('apiSecrets')
        .select('processId')
        .where('id', '=', secretId)
        .executeTakeFirst();
      return row?.processId;
    },

    /** Adds one use to the secret's row of `day` (one upsert: concurrent calls never lose a count). */
    async record(
      tenantId: string,
      secretId: string,
      processId: string,
      day: string,
      use: KeyUse,
    ): Promise<KeyUsageDay> {
      await scoped(db, tenantId)
        .insertInto('caseKeyUsage', { secretId, processId, day, ...use })
        .onConflict((oc) =>
          oc.columns(['tenantId', 'secretId', 'day']).doUpdateSet({
            calls: capped('calls'),
            tokens: capped('tokens'),
            errors: capped('errors'),
          }),
        )
        .execute();
      const row = await scoped(db, tenantId)
        .selectFrom('caseKeyUsage')
        .select(['day', 'calls', 'tokens', 'errors'])
        .where('secretId', '=', secretId)
        .where('day', '=', day)
        .executeTakeFirstOrThrow();
      return { day: row.day, calls: Number(row.calls), tokens: Number(row.tokens), errors: Number(row.errors) };
    },

    /** The days from `from` to `to` (both `YYYY-MM-DD`, included) that had use, summed over the target's secrets. */
    async days(tenantId: string, target: KeyUsageTarget, from: string, to: string): Promise<KeyUsageDay[]> {
      let query = scoped(db, tenantId).selectFrom('caseKeyUsage').where('day', '>=', from).where('day', '<=', to);
      query =
        'secretId' in target
          ? query.where('secretId', '=', target.secretId)
          : query.where('processId', '=', target.processId);
      const rows = await query
        .select((eb) => [
          'day',
          eb.fn.sum<string | number>('calls').as('calls'),
          eb.fn.sum<string | number>('tokens').as('tokens'),
          eb.fn.sum<string | number>('errors').as('errors'),
        ])
        .groupBy('day')
        .orderBy('day')
        .execute();
      return rows.map((row) => ({
        day: row.day,
        calls: Number(row.calls),
        tokens: Number(row.tokens),
        errors: Number(row.errors),
      }));
    },
  };
}

export type KeyUsageRepository = ReturnType<typeof keyUsageRepository>;
