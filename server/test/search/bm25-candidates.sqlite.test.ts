import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CamelCasePlugin, Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteDialect } from '../../src/db/dialects/sqlite';
import { migrateToLatest } from '../../src/db/migrations/index';
import type { DB } from '../../src/db/schema';
import { segmentsRepository, type SegmentsRepository } from '../../src/plugins/app/segments/segments-repository';
import { ftsMatch, queryTerms } from '../../src/search/query';
import { searchText } from '../../src/search/tokenize';
import { seededRandom as random } from '../support/seeded-random';

// SQLite's ranking of a query with common terms: only the segments holding a rarer term are ranked, by the
// whole query's BM25, and that is taken only when it is provably the whole query's ranking. Each case
// compares with FTS5's own ranking of the whole query, and reads the statements run to know which way the
// search went. (PostgreSQL ranks with ts_rank_cd: nothing of this applies.)
let db: Kysely<DB>;
let dataDir: string;
let segments: SegmentsRepository;
const statements: string[] = [];
const tenantId = randomUUID();
const searched = randomUUID();
const other = randomUUID();

const FILLER = Array.from(
  { length: 300 },
  (_, i) => `filler${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`,
);

/**
 * 1 330 segments (the search counts terms from 1 000 on): `parcel` and `widget` in ~30% each, `zephyr`
 * in 80 (half of them with `parcel`), `quokka` once in each of 60 long segments, 15 short segments of
 * `widget` alone, and in the other dataset 5 short ones of `zephyr` and `parcel` that rank first;
 * `yonder` in 10 short segments (8 of them in the other dataset) and once in 40 long ones.
 */
function corpus(): Array<{ text: string; datasetId: string }> {
  const next = random(7);
  const filler = (n: number) => Array.from({ length: n }, () => FILLER[Math.floor(next() * FILLER.length)]).join(' ');
  const rows: Array<{ text: string; datasetId: string }> = [];
  let zephyrs = 0;
  for (let i = 0; i < 1200; i++) {
    const words = [filler(16 + Math.floor(next() * 8))];
    if (i % 10 < 3) words.push(next() < 0.3 ? 'parcel parcel' : 'parcel');
    if (i % 100 >= 50 && i % 100 < 80) words.push('widget');
    if (i % 30 === 1 || i % 30 === 7) words.push(Array.from({ length: 1 + (zephyrs++ % 3) }, () => 'zephyr').join(' '));
    rows.push({ text: words.join(' '), datasetId: searched });
  }
  for (let i = 0; i < 60; i++) rows.push({ text: `${filler(100)} quokka`, datasetId: searched });
  for (let i = 0; i < 15; i++) rows.push({ text: 'widget widget widget', datasetId: searched });
  for (let i = 0; i < 5; i++) rows.push({ text: 'zephyr zephyr parcel', datasetId: other });
  for (let i = 0; i < 10; i++) rows.push({ text: 'yonder yonder', datasetId: i < 8 ? other : searched });
  for (let i = 0; i < 40; i++) rows.push({ text: `${filler(100)} yonder`, datasetId: searched });
  return rows;
}

type Page = { limit: number; offset?: number; datasetIds?: string[] };

/** FTS5's own ranking of `terms` OR-ed (`order by rank`) among the datasets' segments: [id, bm25]. */
async function reference(
  terms: string[],
  { limit, offset = 0, datasetIds = [searched] }: Page,
): Promise<Array<[string, number]>> {
  const { rows } = await sql<{ id: string; rank: number }>`
    select s.id, segments_fts.rank as rank from segments_fts cross join segments s on s.seq = segments_fts.rowid
    where segments_fts match ${ftsMatch(terms)} and s.dataset_id in (${sql.join(datasetIds)})
    order by segments_fts.rank limit ${limit} offset ${offset}`.execute(db);
  return rows.map((row) => [row.id, row.rank]);
}

/** The search's page, its total, and the ranking statements run: `top`/`search`, with `+` on candidates. */
async function search(query: string, { limit, offset = 0, datasetIds = [searched] }: Page) {
  statements.length = 0;
  const result = await segments.fullText(tenantId, {
    datasetIds,
    terms: queryTerms(query),
    offset,
    limit,
    withTotal: true,
  });
  const ran = statements
    .filter((statement) => statement.startsWith('with '))
    .map(
      (statement) =>
        (statement.startsWith('with top') ? 'top' : 'search') + (statement.includes('+segments_fts.rowid') ? '+' : ''),
    );
  return { page: result.rows.map((row): [string, number] => [row.id, row.rank]), total: result.total, ran };
}

describe('SQLite full-text ranking on the candidates of a query with a common term', () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'flotilla-candidates-'));
    // The app's dialect, with a log of the statements run (createDatabase takes no logger).
    db = new Kysely<DB>({
      dialect: sqliteDialect(dataDir),
      plugins: [new CamelCasePlugin()],
      log: (event) => void statements.push(event.query.sql),
    });
    await migrateToLatest(db as unknown as Kysely<unknown>, 'sqlite');
    const now = new Date().toISOString();
    await db.insertInto('tenants').values({ id: tenantId, name: 'candidates', createdAt: now }).execute();
    for (const id of [searched, other]) {
      await db
        .insertInto('datasets')
        .values({
          id,
          tenantId,
          name: id,
          description: '',
          fileCount: 0,
          segmentCount: 0,
          chunkSize: 500,
          overlap: 50,
          separators: '[]',
          embeddingModel: null,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
    }
    const rows = corpus().map(({ text, datasetId }, position) => ({
      id: randomUUID(),
      tenantId,
      datasetId,
      fileId: null,
      position,
      text,
      question: null,
      answer: null,
      enabled: 1 as const,
      searchText: searchText(text),
      embedding: null,
      createdAt: now,
      updatedAt: now,
    }));
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 200)
        await trx
          .insertInto('segments')
          .values(rows.slice(i, i + 200))
          .execute();
    });
    segments = segmentsRepository(db);
  });
  afterAll(async () => {
    await db?.destroy();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('ranks the segments holding the rare term by the whole query, as FTS5 ranks the whole query', async () => {
    const both = [searched, other];
    const { page, total, ran } = await search('zephyr parcel', { limit: 10, datasetIds: both });
    const expected = await reference(['zephyr', 'parcel'], { limit: 10, datasetIds: both });
    expect(page).toEqual(expected);
    expect(ran).toEqual(['top+']);
    // A ranking on `zephyr` alone would differ: `parcel` still counts in the candidates' scores.
    expect((await reference(['zephyr'], { limit: 10, datasetIds: both })).map(([id]) => id)).not.toEqual(
      expected.map(([id]) => id),
    );
    // The total still counts every match of the query.
    expect(total).toBe((await reference(['zephyr', 'parcel'], { limit: 1000, datasetIds: both })).length);
  });

  it('ranks the filtered candidates when other datasets hold some of the best, and pages through them', async () => {
    for (const offset of [0, 10, 20]) {
      const { page, ran } = await search('zephyr parcel', { limit: 10, offset });
      expect(page).toEqual(await reference(['zephyr', 'parcel'], { limit: 10, offset }));
      expect(ran).toEqual(['top+', 'search+']);
    }
  });

  it('ranks the whole query again when a segment without the rare term may outscore the candidates', async () => {
    const { page, ran } = await search('quokka widget', { limit: 10 });
    const expected = await reference(['quokka', 'widget'], { limit: 10 });
    expect(page).toEqual(expected);
    // The candidates' last (a long segment holding quokka once) scored under what widget alone can reach…
    expect(ran).toEqual(['top+', 'top']);
    // …and short segments of widget alone do come first.
    const { rows } = await sql<{ text: string }>`select text from segments where id = ${expected[0]![0]}`.execute(db);
    expect(rows[0]?.text).toBe('widget widget widget');
  });

  it('ranks the whole filtered query again when a segment without the rare term may outscore the filtered candidates', async () => {
    const { page, ran } = await search('yonder widget', { limit: 10 });
    expect(page).toEqual(await reference(['yonder', 'widget'], { limit: 10 }));
    // The index's best are the short yonder segments, mostly of the other dataset; the searched one's
    // candidates then end with long segments holding yonder once, under what widget alone can reach.
    expect(ran).toEqual(['top+', 'search+', 'search']);
  });

  it('asks only the whole query when the segments with the rare term cannot fill the page', async () => {
    const { page, ran } = await search('zephyr parcel', { limit: 100 });
    expect(page).toEqual(await reference(['zephyr', 'parcel'], { limit: 100 }));
    expect(ran).toEqual(['top', 'search']);
  });
});
