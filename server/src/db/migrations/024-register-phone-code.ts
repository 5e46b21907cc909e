import type { Kysely } from 'kysely';

// A tenant's referral programme may require a code sent to the phone before someone registers (off until an
// admin turns it on: the built-in SMS outbox shows registration codes to the platform owner only).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('referral_settings')
    .addColumn('require_phone_code', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
