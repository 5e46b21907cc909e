import type { Kysely } from 'kysely';

// Business-scene robots: which template a flow robot was built from and the form it was filled with
// (JSON), so the scene can be edited and its flow built again. The row goes with its robot.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('business_scenes')
    .addColumn('process_id', 'text', (c) => c.primaryKey().references('processes.process_id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('values', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('business_scenes_tenant').on('business_scenes').columns(['tenant_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('business_scenes').execute();
}
