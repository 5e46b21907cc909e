import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database';

/**
 * The full-text index over `segments.search_text` (the tokens of server/src/search/tokenize.ts, already
 * segmented: the index only splits on the spaces between them).
 *
 * SQLite: an FTS5 external-content table `segments_fts` (tokenizer unicode61 remove_diacritics 2) whose
 * rowid is `segments.seq`, kept in step by triggers, so writers only write `segments` — in their own
 * transaction, atomically — and a bulk delete (or a cascade from a file or dataset) updates the index
 * too. `segments` is rebuilt once for `seq`: an external-content index needs a rowid that never changes,
 * and the implicit rowid of a table without an INTEGER PRIMARY KEY may change on VACUUM; the small columns
 * the search filters on come first, before the long texts and the vector that overflow a page. (Never write
 * segments with INSERT OR REPLACE: SQLite fires no delete trigger for the rows it replaces.)
 * `segments_fts_vocab` exposes how many segments hold each token (the search drops tokens too common to
 * weigh anything in BM25).
 *
 * PostgreSQL: a stored generated `search_vector` tsvector ('simple': no stemming or stop words — the
 * tokens are already normalised) with a GIN index.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table segments add column search_vector tsvector generated always as (to_tsvector('simple'::regconfig, search_text)) stored`.execute(
      db,
    );
    await sql`create index segments_search_vector on segments using gin (search_vector)`.execute(db);
    return;
  }
  // Kysely runs SQLite migrations outside a transaction: this one makes its own, and each step can run again.
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ name: string }>`select name from pragma_table_info('segments')`.execute(trx);
    if (!rows.some((column) => column.name === 'seq')) {
      await sql`create table segments_rebuilt (
        seq integer primary key,
        id text not null unique,
        tenant_id text not null references tenants(id) on delete cascade,
        dataset_id text not null references datasets(id) on delete cascade,
        file_id text references dataset_files(id) on delete cascade,
        position integer not null,
        enabled integer not null default 1,
        created_at text not null,
        updated_at text not null,
        question text,
        answer text,
        text text not null,
        search_text text not null,
        embedding blob
      )`.execute(trx);
      await sql`insert into segments_rebuilt (id, tenant_id, dataset_id, file_id, position, enabled, created_at, updated_at, question, answer, text, search_text, embedding)
        select id, tenant_id, dataset_id, file_id, position, enabled, created_at, updated_at, question, answer, text, search_text, embedding from segments order by rowid`.execute(
        trx,
      );
      await sql`drop table segments`.execute(trx);
      await sql`alter table segments_rebuilt rename to segments`.execute(trx);
      await sql`create index segments_file on segments (file_id, position)`.execute(trx);
      await sql`create index segments_dataset on segments (tenant_id, dataset_id)`.execute(trx);
    }
    // What the search filters a match on, by rowid: read from this small index rather than the table's wide rows.
    await sql`create index if not exists segments_scope on segments (seq, tenant_id, dataset_id, enabled, file_id)`.execute(
      trx,
    );
    await sql`create virtual table if not exists segments_fts using fts5(
      search_text, content='segments', content_rowid='seq', tokenize='unicode61 remove_diacritics 2'
    )`.execute(trx);
    await sql`create virtual table if not exists segments_fts_vocab using fts5vocab(segments_fts, 'row')`.execute(trx);
    await sql`create trigger if not exists segments_fts_insert after insert on segments begin
      insert into segments_fts (rowid, search_text) values (new.seq, new.search_text);
    end`.execute(trx);
    await sql`create trigger if not exists segments_fts_delete after delete on segments begin
      insert into segments_fts (segments_fts, rowid, search_text) values ('delete', old.seq, old.search_text);
    end`.execute(trx);
    await sql`create trigger if not exists segments_fts_update after update of search_text on segments begin
      insert into segments_fts (segments_fts, rowid, search_text) values ('delete', old.seq, old.search_text);
      insert into segments_fts (rowid, search_text) values (new.seq, new.search_text);
    end`.execute(trx);
    // Indexes what the table already holds (nothing on a new database).
    await sql`insert into segments_fts (segments_fts) values ('rebuild')`.execute(trx);
  });
}

export async function down(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') {
    await sql`drop index if exists segments_search_vector`.execute(db);
    await sql`alter table segments drop column if exists search_vector`.execute(db);
    return;
  }
  for (const trigger of ['segments_fts_insert', 'segments_fts_delete', 'segments_fts_update'])
    await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
  await sql`drop index if exists segments_scope`.execute(db);
  await sql`drop table if exists segments_fts_vocab`.execute(db);
  await sql`drop table if exists segments_fts`.execute(db);
}
