import type { Kysely } from 'kysely';

// What operators say about a database's tables (descriptions, which columns robots look rows up by), and
// the log of every query a robot ran or was refused on it. Both go with their database.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('database_tables')
    .addColumn('database_id', 'text', (c) => c.notNull().references('databases.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    // JSON: [{ name, key: boolean | null (null: the default, primary and unique columns), description }].
    .addColumn('columns', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('database_tables_pk', ['database_id', 'name'])
    .execute();
  await db.schema.createIndex('database_tables_tenant').on('database_tables').columns(['tenant_id']).execute();

  await db.schema
    .createTable('database_queries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('database_id', 'text', (c) => c.notNull().references('databases.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('process_id', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('sql', 'text', (c) => c.notNull())
    .addColumn('rows', 'integer', (c) => c.notNull())
    .addColumn('ms', 'real', (c) => c.notNull())
    .addColumn('refused', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('database_queries_database')
    .on('database_queries')
    .columns(['database_id', 'created_at'])
    .execute();
  await db.schema.createIndex('database_queries_tenant').on('database_queries').columns(['tenant_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('database_queries').execute();
  await db.schema.dropTable('database_tables').execute();
}
