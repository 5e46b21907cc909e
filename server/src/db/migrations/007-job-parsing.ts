import type { Kysely } from 'kysely';

// When the running attempt of a job started parsing its file (null outside a parse). A job found abandoned
// with it set was parsing when its process died — the file is the likely cause, so it is failed rather than
// re-queued into the same crash.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('parsing_since', 'text').execute();
}
