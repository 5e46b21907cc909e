import type { Kysely } from 'kysely';

// What the dashboard's charts aggregate, and the indexes that keep them fast.
export async function up(_db: Kysely<unknown>): Promise<void> {}
