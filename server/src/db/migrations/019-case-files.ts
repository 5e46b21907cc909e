import type { Kysely } from 'kysely';

// Case files, their rows, analyses and file reports (issue 15 fills this).
export async function up(_db: Kysely<unknown>): Promise<void> {}
