import type { Kysely } from 'kysely';

// Chats and their answers, credits, robots' API secrets and uploaded attachments.
export async function up(db: Kysely<unknown>): Promise<void> {
  // No foreign key to processes: a robot's chats stay readable in its logs until the robot is deleted,
  // which removes them explicitly (processes repository).
  await db.schema
    .createTable('chat_sessions')
    .addColumn('session_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('process_id', 'text', (c) => c.notNull())
    // A visitor uuid, a staff user id, or an API secret id.
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('topic', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('chat_completion_type', 'text', (c) => c.notNull().defaultTo('chat'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('chat_sessions_owner')
    .on('chat_sessions')
    .columns(['tenant_id', 'process_id', 'user_id', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('chat_sessions_process')
    .on('chat_sessions')
    .columns(['tenant_id', 'process_id', 'updated_at'])
    .execute();

  await db.schema
    .createTable('completions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('process_id', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.notNull().references('chat_sessions.session_id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('files', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('citations', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('prompt_tokens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('completion_tokens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('latency_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cost', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error_code', 'text')
    .addColumn('feedback', 'text')
    .addColumn('feedback_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('checked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('completions_session').on('completions').columns(['session_id', 'created_at']).execute();
  await db.schema
    .createIndex('completions_process')
    .on('completions')
    .columns(['tenant_id', 'process_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('credit_balances')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('balance', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('credit_ledger')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('balance_after', 'integer', (c) => c.notNull())
    .addColumn('completion_id', 'text')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('credit_ledger_user')
    .on('credit_ledger')
    .columns(['tenant_id', 'user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('api_secrets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('process_id', 'text', (c) => c.notNull().references('processes.process_id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    // sha256 of the secret: secrets are long random strings, so a fast hash is enough and lookups stay O(1).
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('api_secrets_process').on('api_secrets').columns(['tenant_id', 'process_id']).execute();

  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    // Who uploaded: a staff user id or a visitor uuid.
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['uploads', 'api_secrets', 'credit_ledger', 'credit_balances', 'completions', 'chat_sessions']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
