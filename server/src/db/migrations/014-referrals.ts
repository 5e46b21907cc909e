import type { Kysely } from 'kysely';

// The referral programme: each user's code, the tenant's programme settings, who referred whom.
export async function up(_db: Kysely<unknown>): Promise<void> {}
