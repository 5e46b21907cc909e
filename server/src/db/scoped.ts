import {
  sql,
  type DeleteQueryBuilder,
  type DeleteResult,
  type Insertable,
  type InsertQueryBuilder,
  type InsertResult,
  type Kysely,
  type SelectQueryBuilder,
  type UpdateQueryBuilder,
  type UpdateResult,
} from 'kysely';
import type { DB, TenantTable } from './schema';

/**
 * The only way to reach tenant-owned rows: every query built here is filtered by the tenant, and every
 * insert stamps it, so a handler cannot forget the filter and read another tenant's rows.
 * Works on a transaction too (`scoped(trx, tenantId)`).
 */
export function scoped(db: Kysely<DB>, tenantId: string) {
  const own = <T extends TenantTable>(table: T) => sql.ref<string>(`${table}.tenantId`);
  return {
    tenantId,
    // `{}`: Kysely's own type for "no columns selected yet".
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    selectFrom<T extends TenantTable>(table: T): SelectQueryBuilder<DB, T, {}> {
      // eslint-disable-next-line @typescript-eslint/no-empty-object-type
      return (db.selectFrom(table) as unknown as SelectQueryBuilder<DB, T, {}>).where(own(table), '=', tenantId);
    },
    updateTable<T extends TenantTable>(table: T): UpdateQueryBuilder<DB, T, T, UpdateResult> {
      return (db.updateTable(table) as unknown as UpdateQueryBuilder<DB, T, T, UpdateResult>).where(
        own(table),
        '=',
        tenantId,
      );
    },
    deleteFrom<T extends TenantTable>(table: T): DeleteQueryBuilder<DB, T, DeleteResult> {
      return (db.deleteFrom(table) as unknown as DeleteQueryBuilder<DB, T, DeleteResult>).where(
        own(table),
        '=',
        tenantId,
      );
    },
    insertInto<T extends TenantTable>(
      table: T,
      values: Omit<Insertable<DB[T]>, 'tenantId'> | ReadonlyArray<Omit<Insertable<DB[T]>, 'tenantId'>>,
    ): InsertQueryBuilder<DB, T, InsertResult> {
      const rows = (Array.isArray(values) ? values : [values]).map((row) => ({ ...row, tenantId }));
      return (db.insertInto(table) as unknown as InsertQueryBuilder<DB, T, InsertResult>).values(rows as never);
    },
  };
}

export type Scoped = ReturnType<typeof scoped>;
