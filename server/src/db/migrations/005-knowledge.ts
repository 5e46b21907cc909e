import { PostgresAdapter, type Kysely } from 'kysely';

// Knowledge: datasets' chunk settings, catalogues, files, segments, and the jobs table
// of the background worker. The full-text index over segments is the next migration.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('datasets')
    .addColumn('chunk_size', 'integer', (c) => c.notNull().defaultTo(500))
    .execute();
  await db.schema
    .alterTable('datasets')
    .addColumn('overlap', 'integer', (c) => c.notNull().defaultTo(50))
    .execute();
  // JSON array; empty: the default separators.
  await db.schema
    .alterTable('datasets')
    .addColumn('separators', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('datasets').addColumn('embedding_model', 'text').execute();

  await db.schema
    .createTable('dataset_catalogues')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('dataset_id', 'text', (c) => c.notNull().references('datasets.id').onDelete('cascade'))
    .addColumn('parent_id', 'text', (c) => c.references('dataset_catalogues.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('dataset_catalogues_dataset')
    .on('dataset_catalogues')
    .columns(['tenant_id', 'dataset_id'])
    .execute();

  await db.schema
    .createTable('dataset_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('dataset_id', 'text', (c) => c.notNull().references('datasets.id').onDelete('cascade'))
    // Deleting a catalogue deletes its files (the API does it explicitly, with their segments).
    .addColumn('catalogue_id', 'text', (c) => c.references('dataset_catalogues.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull().defaultTo(''))
    // Path of the original under the data directory's files/: kept so a re-index or a retried job can read it again.
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // An error code (messages are localised when read).
    .addColumn('error', 'text')
    .addColumn('segment_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('chunk_size', 'integer', (c) => c.notNull())
    .addColumn('overlap', 'integer', (c) => c.notNull())
    .addColumn('separators', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('job_id', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('dataset_files_dataset')
    .on('dataset_files')
    .columns(['tenant_id', 'dataset_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('segments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('dataset_id', 'text', (c) => c.notNull().references('datasets.id').onDelete('cascade'))
    // Null: a QA pair entered by hand.
    .addColumn('file_id', 'text', (c) => c.references('dataset_files.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('question', 'text')
    .addColumn('answer', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    // Tokens of question + text (server/src/search/tokenize.ts), space-separated: what the full-text index reads.
    .addColumn('search_text', 'text', (c) => c.notNull())
    // Float32 vector of the dataset's embedding model, when it has one (PostgreSQL's bytes type is bytea).
    .addColumn('embedding', db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('segments_file').on('segments').columns(['file_id', 'position']).execute();
  await db.schema.createIndex('segments_dataset').on('segments').columns(['tenant_id', 'dataset_id']).execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    // Who started it: `GET /v1/tasks` lists the caller's.
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('dataset_id', 'text')
    .addColumn('file_id', 'text')
    // JSON of what the job needs beyond the ids.
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // Raised while it runs; a running job whose heartbeat is old belonged to a process that died.
    .addColumn('heartbeat_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_status').on('jobs').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('jobs_tenant_user').on('jobs').columns(['tenant_id', 'user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['jobs', 'segments', 'dataset_files', 'dataset_catalogues'])
    await db.schema.dropTable(table).ifExists().execute();
  for (const column of ['embedding_model', 'separators', 'overlap', 'chunk_size'])
    await db.schema.alterTable('datasets').dropColumn(column).execute();
}
