import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database';

// What the dashboard's charts aggregate, and the indexes that keep them fast (docs/dashboard.md).
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  // An answer that is the robot's fallback reply (or nothing): the "unanswered" of the dashboard.
  await db.schema
    .alterTable('completions')
    .addColumn('fallback', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The share link a visitor's session came through; null for staff and API sessions.
  await db.schema.alterTable('chat_sessions').addColumn('share_id', 'text').execute();

  // Answers counted per quarter hour (UTC), robot and share link, written in the answer's own transaction.
  // A quarter hour is the largest slot every time zone's day is made of (UTC+05:45 exists).
  await db.schema
    .createTable('dashboard_slots')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    // Minutes since the epoch / 15.
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('process_id', 'text', (c) => c.notNull())
    // '' when the answers came through no share link.
    .addColumn('share_id', 'text', (c) => c.notNull())
    .addColumn('answers', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fallbacks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dislikes', 'integer', (c) => c.notNull().defaultTo(0))
    // Credits the answers cost: their debits less their refunds.
    .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(0))
    // Sessions started (their first answer falls in the slot).
    .addColumn('sessions', 'integer', (c) => c.notNull().defaultTo(0))
    // The range read (tenant, slots) is the key's prefix: a dashboard reads one contiguous stretch.
    .addPrimaryKeyConstraint('dashboard_slots_pkey', ['tenant_id', 'slot', 'process_id', 'share_id'])
    .execute();

  // The same counts by day of the UTC offsets the tenant's viewers use (at most a few per tenant, see
  // docs/dashboard.md): a year of a robot is 366 rows to sum, not 35 136 quarter hours.
  await db.schema
    .createTable('dashboard_offsets')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('utc_offset', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('dashboard_offsets_pkey', ['tenant_id', 'utc_offset'])
    .execute();
  await db.schema
    .createTable('dashboard_days')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('utc_offset', 'integer', (c) => c.notNull())
    // Days since 1970-01-01 in that offset.
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('process_id', 'text', (c) => c.notNull())
    .addColumn('share_id', 'text', (c) => c.notNull())
    .addColumn('answers', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fallbacks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dislikes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sessions', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('dashboard_days_pkey', ['tenant_id', 'utc_offset', 'day', 'process_id', 'share_id'])
    .execute();

  // Knowledge files by day added.
  await db.schema.createIndex('dataset_files_added').on('dataset_files').columns(['tenant_id', 'created_at']).execute();

  // Answers given before this migration: counted once, from the completions table.
  await countAnswersIntoSlots(db, dialect);
}

/** Counts every stored answer into dashboard_slots (share links and sessions unknown). */
async function countAnswersIntoSlots(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const slotOf =
    dialect === 'postgres'
      ? sql`floor(extract(epoch from c.created_at::timestamptz) / 900)::integer`
      : sql`cast(strftime('%s', c.created_at) as integer) / 900`;
  await sql`insert into dashboard_slots (tenant_id, slot, process_id, share_id, answers, fallbacks, likes, dislikes, credits, sessions)
    select c.tenant_id, ${slotOf}, c.process_id, '', count(*),
      sum(c.fallback),
      sum(case when c.feedback = 'like' then 1 else 0 end),
      sum(case when c.feedback = 'dislike' then 1 else 0 end),
      sum(c.cost),
      0
    from completions c
    group by c.tenant_id, ${slotOf}, c.process_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dashboard_days').ifExists().execute();
  await db.schema.dropTable('dashboard_offsets').ifExists().execute();
  await db.schema.dropTable('dashboard_slots').ifExists().execute();
  await db.schema.dropIndex('dataset_files_added').ifExists().execute();
  await db.schema.alterTable('chat_sessions').dropColumn('share_id').execute();
  await db.schema.alterTable('completions').dropColumn('fallback').execute();
}
