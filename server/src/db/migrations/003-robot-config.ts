import type { Kysely } from 'kysely';

// A robot's basic config (one row per robot, absent until first saved: reads fall back to defaults) and
// the share settings beyond the page's look. SQLite adds one column per ALTER TABLE.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('process_configs')
    .addColumn('process_id', 'text', (c) => c.primaryKey().references('processes.process_id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('system_prompt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('temperature', 'double precision', (c) => c.notNull())
    .addColumn('history_length', 'integer', (c) => c.notNull())
    .addColumn('fallback_reply', 'text', (c) => c.notNull())
    .addColumn('dataset_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('database_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('library_search', 'integer', (c) => c.notNull())
    .addColumn('db_search', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('shares')
    .addColumn('allowed_origins', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('shares')
    .addColumn('rate_limit_per_minute', 'integer', (c) => c.notNull().defaultTo(60))
    .execute();
  await db.schema.alterTable('shares').addColumn('expires_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['expires_at', 'rate_limit_per_minute', 'allowed_origins']) {
    await db.schema.alterTable('shares').dropColumn(column).execute();
  }
  await db.schema.dropTable('process_configs').execute();
}
