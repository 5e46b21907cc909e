import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { sqliteDialect } from '../../src/db/dialects/sqlite';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** The rows of `notes` in the database file alone, as a copy without its WAL would show them. */
function rowsInDatabaseFile(file: string): number {
  const copy = join(mkdtempSync(join(tmpdir(), 'flotilla-copy-')), 'copy.db');
  folders.push(join(copy, '..'));
  copyFileSync(file, copy);
  const database = new SQLite(copy, { readonly: true });
  try {
    const table = database.prepare("select 1 from sqlite_master where name = 'notes'").get();
    return table ? (database.prepare('select count(*) as n from notes').get() as { n: number }).n : 0;
  } finally {
    database.close();
  }
}

describe('the SQLite WAL checkpointer thread', () => {
  it('copies committed rows into the database file without the writer checkpointing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'flotilla-wal-'));
    folders.push(dataDir);
    const db = new Kysely<{ notes: { id: number; body: string } }>({ dialect: sqliteDialect(dataDir) });
    try {
      await sql`create table notes (id integer primary key, body text not null)`.execute(db);
      // ~200 pages: far below the writer's own autocheckpoint, so only the thread can have moved them.
      await db.transaction().execute(async (trx) => {
        for (let id = 1; id <= 200; id++)
          await trx
            .insertInto('notes')
            .values({ id, body: 'x'.repeat(3000) })
            .execute();
      });
      const file = join(dataDir, 'flotilla.db');
      const deadline = Date.now() + 10_000;
      while (rowsInDatabaseFile(file) < 200 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(rowsInDatabaseFile(file)).toBe(200);
      const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
      expect(rows[0]?.wal_autocheckpoint).toBeGreaterThan(200);
    } finally {
      await db.destroy();
    }
  });

  it('has closed its own connection when the database is closed, so nothing writes to the folder after', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'flotilla-wal-'));
    folders.push(dataDir);
    const db = new Kysely<{ notes: { id: number; body: string } }>({ dialect: sqliteDialect(dataDir) });
    await sql`create table notes (id integer primary key, body text not null)`.execute(db);
    await db.insertInto('notes').values({ id: 1, body: 'x' }).execute();
    // The thread has its connection open once it has copied the row into the database file.
    const file = join(dataDir, 'flotilla.db');
    await expect.poll(() => rowsInDatabaseFile(file)).toBe(1);
    await db.destroy();
    // The last connection to close removes the WAL and its index: the writer was the last, the thread was gone.
    expect(readdirSync(dataDir).sort()).toEqual(['flotilla.db']);
  });
});
