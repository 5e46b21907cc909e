import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database';

/**
 * Generations of a file's segments, so a parse job can write a large file in many short transactions that
 * nobody sees until the last one. `dataset_files.generation` is the generation readers see;
 * `latest_generation` the highest handed to a job run (each run stages into a new one). A segment is visible
 * when its `generation` is its file's (hand-entered QA pairs, of no file, stay at 0): rows of any other
 * generation are being staged, or are leftovers waiting to be deleted.
 *
 * The index on (file_id, generation, position) replaces (file_id, position): it answers a file's visible
 * segments in order and finds a file's other generations to delete. On SQLite the narrow index the search
 * filters its matches with (segments_scope) gains the generation.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const steps = async (trx: Kysely<unknown>) => {
    await sql`alter table dataset_files add column generation integer not null default 0`.execute(trx);
    await sql`alter table dataset_files add column latest_generation integer not null default 0`.execute(trx);
    await sql`alter table segments add column generation integer not null default 0`.execute(trx);
    await sql`drop index if exists segments_file`.execute(trx);
    await sql`create index segments_file on segments (file_id, generation, position)`.execute(trx);
    if (dialect === 'sqlite') {
      await sql`drop index if exists segments_scope`.execute(trx);
      await sql`create index segments_scope on segments (seq, tenant_id, dataset_id, enabled, file_id, generation)`.execute(
        trx,
      );
    }
  };
  // Kysely runs SQLite migrations outside a transaction (PostgreSQL's inside one): each step goes together.
  if (dialect === 'sqlite') await db.transaction().execute(steps);
  else await steps(db);
}

export async function down(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`drop index if exists segments_scope`.execute(db);
    await sql`create index segments_scope on segments (seq, tenant_id, dataset_id, enabled, file_id)`.execute(db);
  }
  await sql`drop index if exists segments_file`.execute(db);
  await sql`create index segments_file on segments (file_id, position)`.execute(db);
  await sql`alter table segments drop column generation`.execute(db);
  await sql`alter table dataset_files drop column latest_generation`.execute(db);
  await sql`alter table dataset_files drop column generation`.execute(db);
}
