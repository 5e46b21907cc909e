import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { ApiSecret, CreateApiSecretResponse } from '@flotilla/shared/contracts';
import type { Database } from '../../../db/database';
import { scoped } from '../../../db/scoped';
import { isoNow } from '../../../lib/clock';

const SECRET_PREFIX = 'sk-flt-';
const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** What a valid secret opens: one robot of one tenant. */
export type SecretGrant = { secretId: string; tenantId: string; processId: string };

/** Robots' API secrets: shown once at creation, stored as a sha256 (they are 256-bit random, so no slow hash is needed). */
export function secretsRepository(db: Database) {
  return {
    async list(tenantId: string, processId: string): Promise<ApiSecret[]> {
      const rows = await scoped(db, tenantId)
        .selectFrom('apiSecrets')
        .select(['id', 'processId', 'name', 'prefix', 'createdAt', 'lastUsedAt'])
        .where('processId', '=', processId)
        .orderBy('createdAt', 'desc')
        .execute();
      return rows;
    },

    async create(tenantId: string, processId: string, name: string): Promise<CreateApiSecretResponse> {
      const secret = `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
      const id = randomUUID();
      await scoped(db, tenantId)
        .insertInto('apiSecrets', {
          id,
          processId,
          name: name.trim(),
          prefix: secret.slice(0, SECRET_PREFIX.length + 4),
          secretHash: hashSecret(secret),
          createdAt: isoNow(),
          lastUsedAt: null,
        })
        .execute();
      return { id, secret };
    },

    async remove(tenantId: string, id: string): Promise<boolean> {
      const result = await scoped(db, tenantId).deleteFrom('apiSecrets').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The robot a secret opens (its robot must be enabled), recording its use; undefined for an unknown secret. */
    async grant(secret: string): Promise<SecretGrant | undefined> {
      if (!secret.startsWith(SECRET_PREFIX)) return undefined;
      const row = await db
        .selectFrom('apiSecrets')
        .innerJoin('processes', (join) =>
          join
            .onRef('processes.processId', '=', 'apiSecrets.processId')
            .onRef('processes.tenantId', '=', 'apiSecrets.tenantId'),
        )
        .select(['apiSecrets.id', 'apiSecrets.tenantId', 'apiSecrets.processId'])
        .where('apiSecrets.secretHash', '=', hashSecret(secret))
        .where('processes.enabled', '=', 1)
        .executeTakeFirst();
      if (!row) return undefined;
      await scoped(db, row.tenantId)
        .updateTable('apiSecrets')
        .set({ lastUsedAt: isoNow() })
        .where('id', '=', row.id)
        .execute();
      return { secretId: row.id, tenantId: row.tenantId, processId: row.processId };
    },
  };
}
