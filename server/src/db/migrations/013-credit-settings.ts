import type { Kysely } from 'kysely';

// Credit packages and each tenant's credit settings (low-balance threshold).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('credit_packages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // Money in cents: whole numbers on both databases (at most 1e8, inside a 32-bit integer).
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('credits', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('credit_packages_tenant').on('credit_packages').columns(['tenant_id']).execute();

  // One row per tenant that changed a setting; a tenant without one has the defaults.
  await db.schema
    .createTable('credit_settings')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey().references('tenants.id').onDelete('cascade'))
    .addColumn('low_balance_threshold', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('credit_settings').ifExists().execute();
  await db.schema.dropTable('credit_packages').ifExists().execute();
}
