import { randomUUID } from 'node:crypto';
import type { Tenant, User } from '@flotilla/shared/contracts';
import { isUniqueViolation, type Database } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import { isoNow } from '../../../lib/clock';
import { insertUser, type NewUser } from '../users/users-repository';

// Tenants are the scope itself, so these queries are platform-level and not tenant-scoped.
export function tenantsRepository(db: Database) {
  return {
    async count(): Promise<number> {
      const row = await db
        .selectFrom('tenants')
        .select((eb) => eb.fn.countAll().as('total'))
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /** A tenant and its first admin, both or neither. */
    async createWithAdmin(name: string, admin: NewUser): Promise<{ tenant: Tenant; admin: User }> {
      try {
        return await db.transaction().execute(async (trx) => {
          const exists = await trx.selectFrom('tenants').select('id').where('name', '=', name).executeTakeFirst();
          if (exists) throw new AppError(409, 'TENANT_EXISTS');
          const tenant: Tenant = { id: randomUUID(), name, createdAt: isoNow() };
          await trx.insertInto('tenants').values(tenant).execute();
          const user = await insertUser(trx, tenant.id, { ...admin, role: 'admin' });
          return { tenant, admin: user };
        });
      } catch (error) {
        // Lost a race on the tenant name (a username race is already answered by insertUser).
        if (isUniqueViolation(error)) throw new AppError(409, 'TENANT_EXISTS');
        throw error;
      }
    },
  };
}
