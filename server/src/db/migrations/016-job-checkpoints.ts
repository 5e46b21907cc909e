import type { Kysely } from 'kysely';

// Where a running job got to, kept apart from its payload: a job that saves its place after every small unit
// of work (a robot clone) writes a few bytes, not its whole input again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('jobs')
    .addColumn('checkpoint', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}
