import type { Kysely } from 'kysely';

// Comparisons of robots over question sets, and API secret usage (issue 15 fills this).
export async function up(_db: Kysely<unknown>): Promise<void> {}
