import type { Kysely } from 'kysely';

// Comparisons of robots over question sets (one row per run, one per question and its answers), and the
// daily use of robots' API secrets by external callers. A comparison outlives its robots: the ids stay and
// the names read empty once a robot is gone.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('case_comparisons')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('process_id', 'text', (c) => c.notNull())
    .addColumn('compare_process_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('score', 'double precision')
    .addColumn('compare_score', 'double precision')
    .addColumn('question_count', 'integer', (c) => c.notNull())
    .addColumn('answered_count', 'integer', (c) => c.notNull())
    .addColumn('better_count', 'integer', (c) => c.notNull())
    .addColumn('worse_count', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('job_id', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('case_comparisons_tenant')
    .on('case_comparisons')
    .columns(['tenant_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('case_comparison_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('comparison_id', 'text', (c) => c.notNull().references('case_comparisons.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('expected', 'text', (c) => c.notNull())
    // Null until the job answered the question.
    .addColumn('answer', 'text')
    .addColumn('score', 'double precision')
    .addColumn('compare_answer', 'text')
    .addColumn('compare_score', 'double precision')
    .addColumn('answered_at', 'text')
    .addUniqueConstraint('case_comparison_items_position', ['comparison_id', 'position'])
    .execute();

  // One row per secret and UTC day; every call adds to it (an upsert on the key).
  await db.schema
    .createTable('case_key_usage')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('secret_id', 'text', (c) => c.notNull())
    .addColumn('process_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('calls', 'integer', (c) => c.notNull())
    .addColumn('tokens', 'integer', (c) => c.notNull())
    .addColumn('errors', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('case_key_usage_pk', ['tenant_id', 'secret_id', 'day'])
    .execute();
  await db.schema
    .createIndex('case_key_usage_process')
    .on('case_key_usage')
    .columns(['tenant_id', 'process_id', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['case_key_usage', 'case_comparison_items', 'case_comparisons']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
