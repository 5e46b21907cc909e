import type { Kysely } from 'kysely';

// Case files (uploaded conversation logs and question sets) parsed into rows at upload, the file reports
// of their analyses (one per run of a robot over a file) and each question's result. A report keeps the
// robot's id when the robot goes (its name then reads empty); it goes with its file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('case_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('row_count', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('case_files_tenant').on('case_files').columns(['tenant_id', 'created_at']).execute();

  await db.schema
    .createTable('case_file_rows')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('file_id', 'text', (c) => c.notNull().references('case_files.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('expected', 'text', (c) => c.notNull())
    // What the logged conversation answered, and its session: empty in a question set.
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('session', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('case_file_rows_pk', ['file_id', 'position'])
    .execute();

  await db.schema
    .createTable('case_file_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('file_id', 'text', (c) => c.notNull().references('case_files.id').onDelete('cascade'))
    .addColumn('process_id', 'text', (c) => c.notNull())
    .addColumn('job_id', 'text', (c) => c.notNull())
    // Set when the job wrote its totals; until then the job's status tells where the analysis is.
    .addColumn('done', 'integer', (c) => c.notNull())
    .addColumn('question_count', 'integer', (c) => c.notNull())
    .addColumn('answered_count', 'integer', (c) => c.notNull())
    .addColumn('fallback_count', 'integer', (c) => c.notNull())
    .addColumn('average_latency_ms', 'integer', (c) => c.notNull())
    .addColumn('p95_latency_ms', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('case_file_reports_tenant')
    .on('case_file_reports')
    .columns(['tenant_id', 'created_at'])
    .execute();
  await db.schema.createIndex('case_file_reports_file').on('case_file_reports').columns(['file_id']).execute();
  await db.schema.createIndex('case_file_reports_job').on('case_file_reports').columns(['job_id']).execute();

  await db.schema
    .createTable('case_file_results')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('report_id', 'text', (c) => c.notNull().references('case_file_reports.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('expected', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    // The answer's citations as JSON.
    .addColumn('citations', 'text', (c) => c.notNull())
    .addColumn('fallback', 'integer', (c) => c.notNull())
    .addColumn('latency_ms', 'integer', (c) => c.notNull())
    // Why the robot could not answer (PROVIDER_ERROR…); null when it answered.
    .addColumn('error_code', 'text')
    // The key makes a question answered twice (a resumed run) impossible.
    .addPrimaryKeyConstraint('case_file_results_pk', ['report_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['case_file_results', 'case_file_reports', 'case_file_rows', 'case_files']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
