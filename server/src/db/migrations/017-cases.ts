import type { Kysely } from 'kysely';

// Cases grow: status flow, collected fields, team and assignee, notes; robots' case forms (issue 15 fills this).
export async function up(_db: Kysely<unknown>): Promise<void> {}
