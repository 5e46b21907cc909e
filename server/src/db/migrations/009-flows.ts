import type { Kysely } from 'kysely';

// Robots' flows: the draft and the published graph (JSON), the versions published over time, the state a
// flow keeps per chat session (session variables, forms being collected), and each answer's trace.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('process_flows')
    .addColumn('process_id', 'text', (c) => c.primaryKey().references('processes.process_id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('draft', 'text', (c) => c.notNull())
    .addColumn('published', 'text')
    .addColumn('published_at', 'text')
    .addColumn('published_version_id', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('process_flow_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('process_id', 'text', (c) => c.notNull().references('processes.process_id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('graph', 'text', (c) => c.notNull())
    .addColumn('node_count', 'integer', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('published_by', 'text', (c) => c.notNull())
    .addUniqueConstraint('process_flow_versions_number', ['process_id', 'number'])
    .execute();

  // No foreign key to chat_sessions: a debug conversation from the editor has state but no chat session.
  await db.schema
    .createTable('flow_session_states')
    .addColumn('session_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('process_id', 'text', (c) => c.notNull().references('processes.process_id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('completions')
    .addColumn('trace', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('completions').dropColumn('trace').execute();
  for (const table of ['flow_session_states', 'process_flow_versions', 'process_flows']) {
    await db.schema.dropTable(table).execute();
  }
}
