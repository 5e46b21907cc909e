import type { Kysely } from 'kysely';

// The referral programme: each user's code, the tenant's programme settings, who referred whom, and the
// phones that registered with a code (kept when their user goes, so a phone is rewarded once).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('referral_codes')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('referral_settings')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey().references('tenants.id').onDelete('cascade'))
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('referrer_reward', 'integer', (c) => c.notNull())
    .addColumn('referee_reward', 'integer', (c) => c.notNull())
    .addColumn('new_user_role', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('referrals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('referrer_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('referee_id', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('referrer_reward', 'integer', (c) => c.notNull())
    .addColumn('referee_reward', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('referrals_referrer')
    .on('referrals')
    .columns(['tenant_id', 'referrer_id', 'created_at'])
    .execute();
  await db.schema.createIndex('referrals_tenant').on('referrals').columns(['tenant_id', 'created_at']).execute();

  // The key makes two registrations racing with one phone meet here: the second waits, then finds the row.
  await db.schema
    .createTable('referral_phones')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('rewarded', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('referral_phones_pk', ['tenant_id', 'phone'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['referral_phones', 'referrals', 'referral_settings', 'referral_codes']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
