import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database, type DialectName } from '../../src/db/database';
import { migrateToLatest, providerFor } from '../../src/db/migrations/index';
import { segmentsRepository } from '../../src/plugins/app/segments/segments-repository';
import { queryTerms } from '../../src/search/query';
import { searchText } from '../../src/search/tokenize';

// The index migration on a database that already holds segments (every other test starts empty), and the
// triggers that keep the SQLite index in step with every kind of write.
let db: Database;
let dialect: DialectName;
let cleanup: () => Promise<void>;
const tenantId = randomUUID();
const datasetId = randomUUID();
const fileId = randomUUID();
const now = new Date().toISOString();

const segment = (text: string, position: number) => ({
  id: randomUUID(),
  tenantId,
  datasetId,
  fileId,
  position,
  text,
  question: null,
  answer: null,
  enabled: 1 as const,
  searchText: searchText(text),
  embedding: null,
  createdAt: now,
  updatedAt: now,
});

beforeAll(async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'flotilla-index-'));
  const url = process.env.TEST_DATABASE_URL;
  const schema = url ? `t_${randomBytes(6).toString('hex')}` : undefined;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
  }
  ({ db, dialect } = createDatabase({ dataDir, databaseUrl: url, databaseSchema: schema }));
  cleanup = async () => {
    await db.destroy();
    if (url) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const raw = db as unknown as Kysely<unknown>;
  const migrator = new Migrator({ db: raw, provider: providerFor(dialect), migrationTableSchema: schema });
  const { error } = await migrator.migrateTo('005-knowledge');
  if (error) throw error;
});
afterAll(() => cleanup?.());

describe('migration 006 on a filled segments table', () => {
  it('indexes the segments already there, and every later insert, update and delete', async () => {
    await db
      .insertInto('tenants')
      .values({ id: tenantId, name: `t-${tenantId}`, createdAt: now })
      .execute();
    await db
      .insertInto('datasets')
      .values({
        id: datasetId,
        tenantId,
        name: 'd',
        description: '',
        fileCount: 1,
        segmentCount: 2,
        chunkSize: 500,
        overlap: 50,
        separators: '[]',
        embeddingModel: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await db
      .insertInto('datasetFiles')
      .values({
        id: fileId,
        tenantId,
        datasetId,
        catalogueId: null,
        name: 'old.txt',
        type: 'txt',
        size: 10,
        contentType: 'text/plain',
        storageKey: 'k',
        status: 'done',
        error: null,
        segmentCount: 2,
        chunkSize: 500,
        overlap: 50,
        separators: '[]',
        jobId: null,
        createdBy: 'u',
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const before = [segment('我们的退货政策是七天无理由退货。', 0), segment('Shipping is free over fifty dollars.', 1)];
    await db.insertInto('segments').values(before).execute();

    await migrateToLatest(db as unknown as Kysely<unknown>, dialect);
    const segments = segmentsRepository(db);
    const find = async (query: string) =>
      (
        await segments.fullText(tenantId, {
          datasetIds: [datasetId],
          terms: queryTerms(query),
          offset: 0,
          limit: 10,
          withTotal: true,
        })
      ).rows.map((row) => row.text);

    expect(await find('退货政策')).toEqual([before[0]!.text]);
    expect(await find('free shipping')).toEqual([before[1]!.text]);

    const added = segment('Returns are accepted within thirty days.', 2);
    await db.insertInto('segments').values(added).execute();
    expect(await find('returns')).toEqual([added.text]);

    await db
      .updateTable('segments')
      .set({ text: 'Exchanges only.', searchText: searchText('Exchanges only.') })
      .where('id', '=', added.id)
      .execute();
    expect(await find('returns')).toEqual([]);
    expect(await find('exchange')).toEqual(['Exchanges only.']);

    await db.deleteFrom('segments').where('id', '=', before[1]!.id).execute();
    expect(await find('free shipping')).toEqual([]);
    // A cascade from the file removes the rest.
    await db.deleteFrom('datasetFiles').where('id', '=', fileId).execute();
    expect(await find('退货政策 exchange')).toEqual([]);

    if (dialect === 'sqlite') {
      await sql`insert into segments_fts (segments_fts) values ('integrity-check')`.execute(db);
      // The rowid the index refers to is a column of its own (stable across VACUUM).
      const { rows } = await sql<{
        pk: number;
        name: string;
      }>`select name, pk from pragma_table_info('segments') where pk = 1`.execute(db);
      expect(rows).toEqual([{ name: 'seq', pk: 1 }]);
    }
  });
});
