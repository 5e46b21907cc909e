import type { Kysely } from 'kysely';

// SMS codes: the codes sent (hashed), each phone's send counters (the per-phone throttle, shared by every
// process) and the built-in outbox. Phones are keyed by their canonical digits (no spaces, dashes, or China's
// country code), so "+86 138-0013-8000" and "13800138000" are one phone.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sms_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('phone_key', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('sms_codes_phone')
    .on('sms_codes')
    .columns(['phone_key', 'purpose', 'created_at'])
    .execute();

  await db.schema
    .createTable('sms_phone_limits')
    .addColumn('phone_key', 'text', (c) => c.primaryKey())
    .addColumn('last_sent_at', 'text', (c) => c.notNull())
    .addColumn('day_started_at', 'text', (c) => c.notNull())
    .addColumn('day_count', 'integer', (c) => c.notNull())
    .execute();

  // tenant_id null: a message of no tenant (a registration code), shown to the platform owner.
  await db.schema
    .createTable('sms_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.references('tenants.id').onDelete('cascade'))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sms_outbox_tenant').on('sms_outbox').columns(['tenant_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sms_outbox', 'sms_phone_limits', 'sms_codes']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
