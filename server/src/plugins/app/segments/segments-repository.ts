import { CompiledQuery, PostgresAdapter, type Kysely } from 'kysely';
import type { Page, Segment } from '@flotilla/shared/contracts';
import type { Database, DialectName } from '../../../db/database';
import { paged } from '../../../db/filters';
import type { DB } from '../../../db/schema';
import { scoped } from '../../../db/scoped';
import { AppError } from '../../../lib/app-error';
import { isoNow } from '../../../lib/clock';
import { packVectors, VectorCache, type DatasetVectors, type VectorRow } from '../../../search/vector-cache';
import { bm25Ceiling, commonTerms, ftsMatch, tsQuery, type CountedTerm } from '../../../search/query';
import type { FullTextQuery, RankedSegment, SearchableDataset, SegmentRecord } from '../../../search/segment-store';
import { lockDataset } from '../datasets/dataset-files-repository';
import { visibleSegment, visibleSegmentSql } from './segment-visibility';

type RecordRow = {
  id: string;
  datasetId: string;
  fileId: string | null;
  position: number;
  enabled: number;
  question: string | null;
  answer: string | null;
  text: string;
  searchText: string;
  fileName: string | null;
  catalogueId: string | null;
};

function toRecord(row: RecordRow): SegmentRecord {
  return {
    id: row.id,
    datasetId: row.datasetId,
    fileId: row.fileId,
    fileName: row.fileName ?? '',
    catalogueId: row.catalogueId ?? null,
    position: Number(row.position),
    text: row.text,
    ...(row.question !== null ? { question: row.question } : {}),
    ...(row.answer !== null ? { answer: row.answer } : {}),
    enabled: Number(row.enabled) === 1,
    searchText: row.searchText,
  };
}

type RankedRow = RecordRow & { rank: number };
type TopRow = RankedRow & { fetched: number };
/** What bounds a segment holding only common terms, read by the statement that ranked: bm25()'s N, and n of each term (JSON). */
type CeilingRow = { documents: number; commonSegments: string };

/** Whether a bm25() score (negative, lower is better) beats every segment that holds no term but the common ones. */
function outscoresCommon(score: number, counts: CeilingRow, common: string[]): boolean {
  const segments = JSON.parse(counts.commonSegments) as Record<string, number>;
  return (
    -score >
    bm25Ceiling(
      Number(counts.documents),
      common.map((term) => segments[term] ?? 0),
    )
  );
}

/** The dialect behind a Kysely instance (the repositories receive only the database). */
export function dialectOf(db: Kysely<DB>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

// The full-text statements are SQL of their own (scoped() builds only Kysely queries), so each writes the
// tenant filter itself: `s.tenant_id = ?`, and only the caller's datasets. The index-wide numbers read
// (segment count, segments per term) steer the query or bound its scores, and are never shown.

/** Both dialects' statements read the same columns, in snake_case (CamelCasePlugin maps the answer). */
const COLUMNS =
  's.id, s.dataset_id, s.file_id, s.position, s.enabled, s.question, s.answer, s.text, s.search_text, f.name as file_name, f.catalogue_id';

/**
 * `total` counts matches up to this many: a count visits every match (as many as a ranking), and nobody
 * pages through more than this many hits of a relevance search.
 */
export const TOTAL_LIMIT = 500;

// SQLite. First the index's own best `offset + limit` (every match scored by bm25(), SQLite's sorter
// keeping only the best: FTS5's `order by rank` sorts every match with its positions, up to 2× slower),
// joined to their rows and filtered by tenant, datasets, file and enabled. When the filters removed none
// of them, or the index had no more, that is the page. Otherwise (other tenants' or datasets' segments rank
// high too) the filtered ranking: the FTS5 table drives the join (CROSS JOIN keeps SQLite from scanning
// segments and probing the index per row), one lookup per match in the narrow index segments_scope
// (INDEXED BY: the planner would read the table's wide rows, 3× slower), in FTS5's `order by rank` (the
// lookups stop once the page is full). Equal scores come in rowid order, as FTS5 leaves them.
//
// With common terms (query.ts commonTerms), both rank only the candidates, the segments holding another
// term, still by the whole query's bm25() (FTS5 takes its IDFs from the whole index, whichever rows are
// asked), and the same statement (the same data) reads the counts that bound every other segment's score:
// bm25()'s N is the index's row count, which the triggers keep equal to the segments'. `+` keeps SQLite
// from handing the rowids to FTS5 as lookups: FTS5 would count every term's IDF again for each.
const SQLITE_SCOPE = `s.tenant_id = ? and s.enabled = 1 and s.dataset_id in (select value from json_each(?)) and (? is null or s.file_id = ?) and ${visibleSegmentSql('s')}`;
const SQLITE_CANDIDATES = 'and +segments_fts.rowid in (select rowid from segments_fts where segments_fts match ?)';
const SQLITE_BOUND = `(select count(*) from segments) as documents,
  (select json_group_object(term, doc) from segments_fts_vocab where term in (select value from json_each(?))) as common_segments`;
const sqliteTop = (bounded: boolean) => `with top as materialized (
  select rowid as seq, bm25(segments_fts) as score from segments_fts
  where segments_fts match ? ${bounded ? SQLITE_CANDIDATES : ''}
  order by score, rowid limit ?
)
select ${COLUMNS}, top.score as rank, (select count(*) from top) as fetched${bounded ? `, (select max(score) from top) as last, ${SQLITE_BOUND}` : ''}
from top cross join segments s on s.seq = top.seq left join dataset_files f on f.id = s.file_id
where ${SQLITE_SCOPE}
order by top.score, top.seq`;
const SQLITE_TOP = sqliteTop(false);
const SQLITE_TOP_BOUNDED = sqliteTop(true);
const SQLITE_FILTERED = `segments_fts match ? and ${SQLITE_SCOPE}`;
const sqliteSearch = (bounded: boolean) => `with hits as materialized (
  select s.seq, ${bounded ? 'bm25(segments_fts)' : 'segments_fts.rank'} as score
  from segments_fts cross join segments s indexed by segments_scope on s.seq = segments_fts.rowid
  where ${bounded ? `segments_fts match ? ${SQLITE_CANDIDATES} and ${SQLITE_SCOPE}` : SQLITE_FILTERED}
  order by score${bounded ? ', s.seq' : ''} limit ? offset ?
)
select ${COLUMNS}, hits.score as rank${bounded ? `, ${SQLITE_BOUND}` : ''}
from hits join segments s on s.seq = hits.seq left join dataset_files f on f.id = s.file_id
order by hits.score, hits.seq`;
const SQLITE_SEARCH = sqliteSearch(false);
const SQLITE_SEARCH_BOUNDED = sqliteSearch(true);
const SQLITE_COUNT = `select count(*) as total from (
  select 1 from segments_fts cross join segments s indexed by segments_scope on s.seq = segments_fts.rowid where ${SQLITE_FILTERED} limit ${TOTAL_LIMIT}
)`;
const SQLITE_DOCUMENTS = `select count(*) as total from segments`;
const SQLITE_TERM_DOCUMENTS = `select doc from segments_fts_vocab where term = ?`;

// PostgreSQL: the GIN index finds the matches, ts_rank_cd (cover density) ranks them.
const PG_FILTER = `s.search_vector @@ q.query and s.tenant_id = $2 and s.enabled = 1 and s.dataset_id = any($3::text[]) and ($4::text is null or s.file_id = $4) and ${visibleSegmentSql('s')}`;
const PG_SEARCH = `select ${COLUMNS}, ts_rank_cd(s.search_vector, q.query) as rank
from segments s cross join to_tsquery('simple', $1) as q(query) left join dataset_files f on f.id = s.file_id
where ${PG_FILTER}
order by rank desc, s.id limit $5 offset $6`;
const PG_COUNT = `select count(*) as total from (
  select 1 from segments s cross join to_tsquery('simple', $1) as q(query) where ${PG_FILTER} limit ${TOTAL_LIMIT}
) as matches`;

/**
 * BM25 gives a term in half the segments or more no weight (FTS5 clamps its IDF to ~0): such a term only
 * adds segments at the bottom of the ranking, and costs a score for each — most of the time of a query
 * in a large index. It is dropped from a query that has other terms. (Counts are over the whole index,
 * as BM25's are.) The segment count behind "half" is refreshed this often.
 */
const DOCUMENT_COUNT_TTL_MS = 30_000;
/** Below this many segments every query is cheap: all its terms are kept (and match what they can). */
const PRUNE_FROM_DOCUMENTS = 1000;
const TERM_CACHE_SIZE = 10_000;

/** Segments of datasets: listing, full-text search and vectors (for the search in server/src/search), edits. */
/** The columns of a {@link SegmentRecord} (segments left-joined to their file). */
const RECORD_COLUMNS = [
  'segments.id',
  'segments.datasetId',
  'segments.fileId',
  'segments.position',
  'segments.enabled',
  'segments.question',
  'segments.answer',
  'segments.text',
  'segments.searchText',
  'datasetFiles.name as fileName',
  'datasetFiles.catalogueId',
] as const;

/** Vectors kept between searches (see VectorCache): 512 MB, ~85k vectors of 1536 dimensions. */
const VECTOR_CACHE_BYTES = 512 * 1024 * 1024;

export function segmentsRepository(db: Database) {
  const vectorCache = new VectorCache(VECTOR_CACHE_BYTES);
  const dialect = dialectOf(db);
  const run = async <R>(sqlText: string, parameters: unknown[]) =>
    (await db.executeQuery<R>(CompiledQuery.raw(sqlText, parameters))).rows;
  let documents = { count: 0, at: -Infinity };
  // Segments per term, read with the segment count (common terms are asked again and again).
  let termDocuments = new Map<string, number>();

  /**
   * The terms worth asking SQLite's index (see DOCUMENT_COUNT_TTL_MS), in the query's order (bm25() adds
   * up its terms in that order), and the common ones among them a ranking of the best `end` may leave
   * out of its candidates (query.ts commonTerms).
   */
  async function searchTerms(terms: string[], end: number): Promise<{ terms: string[]; common: string[] }> {
    if (terms.length < 2) return { terms, common: [] };
    if (performance.now() - documents.at > DOCUMENT_COUNT_TTL_MS) {
      const [row] = await run<{ total: number }>(SQLITE_DOCUMENTS, []);
      documents = { count: Number(row?.total ?? 0), at: performance.now() };
      termDocuments = new Map();
    }
    if (documents.count < PRUNE_FROM_DOCUMENTS) return { terms, common: [] };
    const useful: CountedTerm[] = [];
    for (const term of terms) {
      let segments = termDocuments.get(term);
      if (segments === undefined) {
        segments = Number((await run<{ doc: number }>(SQLITE_TERM_DOCUMENTS, [term]))[0]?.doc ?? 0);
        if (termDocuments.size >= TERM_CACHE_SIZE) termDocuments.delete(termDocuments.keys().next().value as string);
        termDocuments.set(term, segments);
      }
      if (segments * 2 < documents.count) useful.push({ term, segments });
    }
    if (useful.length === 0) return { terms, common: [] };
    return { terms: useful.map(({ term }) => term), common: commonTerms(useful, documents.count, end) };
  }

  return {
    /** The tenant's datasets among `ids` (all of them when undefined), with their embedding model and version. */
    async datasets(tenantId: string, ids?: string[]): Promise<SearchableDataset[]> {
      let query = scoped(db, tenantId).selectFrom('datasets').select(['id', 'embeddingModel', 'updatedAt']);
      if (ids) {
        if (ids.length === 0) return [];
        query = query.where('id', 'in', [...new Set(ids)]);
      }
      return query.execute();
    },

    /** The dataset of the tenant's file; undefined when the tenant has no such file. */
    async fileDataset(tenantId: string, fileId: string): Promise<string | undefined> {
      const file = await scoped(db, tenantId)
        .selectFrom('datasetFiles')
        .select('datasetId')
        .where('id', '=', fileId)
        .executeTakeFirst();
      return file?.datasetId;
    },

    /** A file's (visible) segments in position order, disabled ones included; undefined when the tenant has no such file. */
    async listFile(
      tenantId: string,
      fileId: string,
      page: { offset: number; limit: number },
    ): Promise<Page<Segment> | undefined> {
      const tenant = scoped(db, tenantId);
      const file = await tenant
        .selectFrom('datasetFiles')
        .select(['name', 'catalogueId', 'generation'])
        .where('id', '=', fileId)
        .executeTakeFirst();
      if (!file) return undefined;
      const base = tenant
        .selectFrom('segments')
        .where('segments.fileId', '=', fileId)
        .where('segments.generation', '=', file.generation);
      const [rows, count] = await Promise.all([
        base
          .select(['id', 'datasetId', 'fileId', 'position', 'enabled', 'question', 'answer', 'text', 'searchText'])
          .orderBy('position')
          .orderBy('id')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
      ]);
      const list = rows.map((row) => {
        const { searchText: _tokens, ...segment } = toRecord({
          ...row,
          fileName: file.name,
          catalogueId: file.catalogueId,
        });
        return segment;
      });
      return paged(list, count.total);
    },

    /**
     * Enabled segments of the datasets (and of `fileId` when given) matching any of `terms`, best first
     * (FTS5 BM25 / ts_rank_cd), with the number of matches (up to {@link TOTAL_LIMIT}) when `withTotal`.
     */
    async fullText(tenantId: string, query: FullTextQuery): Promise<{ rows: RankedSegment[]; total: number }> {
      if (query.terms.length === 0 || query.datasetIds.length === 0) return { rows: [], total: 0 };
      const fileId = query.fileId ?? null;
      const end = query.offset + query.limit;
      let rows: RankedRow[] | undefined;
      let total: number | undefined;
      let count: () => Promise<number>;
      if (dialect === 'sqlite') {
        const { terms, common } = await searchTerms(query.terms, end);
        const match = ftsMatch(terms);
        const scope = [tenantId, JSON.stringify(query.datasetIds), fileId, fileId];
        const rare = ftsMatch(terms.filter((term) => !common.includes(term)));
        const commonList = JSON.stringify(common);
        // The candidates' best is the index's when their last outscores any segment without a rarer term.
        let top: TopRow[] | undefined;
        if (common.length > 0) {
          const best = await run<TopRow & CeilingRow & { last: number }>(SQLITE_TOP_BOUNDED, [
            match,
            rare,
            end,
            commonList,
            ...scope,
          ]);
          if (best[0] && Number(best[0].fetched) === end && outscoresCommon(best[0].last, best[0], common)) top = best;
        }
        const topOfCandidates = top !== undefined;
        top ??= await run<TopRow>(SQLITE_TOP, [match, end, ...scope]);
        const fetched = Number(top[0]?.fetched ?? end);
        // Nothing filtered out of the index's best (or nothing more to find): that is the ranking.
        if (top.length > 0 && (top.length === fetched || fetched < end)) {
          rows = top.slice(query.offset);
          if (fetched < end) total = top.length;
        }
        // Likewise the filtered best, once the candidates held the index's: a full page whose last outscores it.
        if (!rows && topOfCandidates) {
          const page = await run<RankedRow & CeilingRow>(SQLITE_SEARCH_BOUNDED, [
            match,
            rare,
            ...scope,
            query.limit,
            query.offset,
            commonList,
          ]);
          const last = page.at(-1);
          if (last && page.length === query.limit && outscoresCommon(last.rank, last, common)) rows = page;
        }
        rows ??= await run(SQLITE_SEARCH, [match, ...scope, query.limit, query.offset]);
        count = async () => Number((await run<{ total: number }>(SQLITE_COUNT, [match, ...scope]))[0]?.total ?? 0);
      } else {
        const filter = [tsQuery(query.terms), tenantId, query.datasetIds, fileId];
        rows = await run(PG_SEARCH, [...filter, query.limit, query.offset]);
        count = async () => Number((await run<{ total: string }>(PG_COUNT, filter))[0]?.total ?? 0);
      }
      const ranked = rows.map((row) => ({ ...toRecord(row), rank: Number(row.rank) }));
      if (!query.withTotal) return { rows: ranked, total: ranked.length };
      // A page that is not full is the last one: its end is the total.
      if (total === undefined && ranked.length > 0 && ranked.length < query.limit) total = query.offset + ranked.length;
      // The count stops at TOTAL_LIMIT; a page found beyond it still counts up to its end.
      return {
        rows: ranked,
        total: total ?? Math.max(await count(), ranked.length > 0 ? query.offset + ranked.length : 0),
      };
    },

    /** The stored vectors of the dataset's enabled segments, as of its `updatedAt` (kept between searches). */
    async vectors(tenantId: string, dataset: SearchableDataset): Promise<DatasetVectors> {
      return vectorCache.get(`${tenantId}/${dataset.id}`, dataset.updatedAt, async () => {
        const rows = await scoped(db, tenantId)
          .selectFrom('segments')
          .select(['id', 'fileId', 'embedding'])
          .where('datasetId', '=', dataset.id)
          .where('enabled', '=', 1)
          .where('embedding', 'is not', null)
          .where(visibleSegment())
          .execute();
        return packVectors(rows as VectorRow[]);
      });
    },

    /** Segments by id (any order; unknown ids are left out). */
    async byIds(tenantId: string, ids: string[]): Promise<SegmentRecord[]> {
      if (ids.length === 0) return [];
      const rows = await scoped(db, tenantId)
        .selectFrom('segments')
        .leftJoin('datasetFiles', 'datasetFiles.id', 'segments.fileId')
        .select(RECORD_COLUMNS)
        .where('segments.id', 'in', ids)
        .where(visibleSegment())
        .execute();
      return rows.map(toRecord);
    },

    /** One segment with its dataset's embedding model; undefined when the tenant has no such segment. */
    async get(tenantId: string, id: string): Promise<(SegmentRecord & { embeddingModel: string | null }) | undefined> {
      const row = await scoped(db, tenantId)
        .selectFrom('segments')
        .innerJoin('datasets', 'datasets.id', 'segments.datasetId')
        .leftJoin('datasetFiles', 'datasetFiles.id', 'segments.fileId')
        .select([...RECORD_COLUMNS, 'datasets.embeddingModel'])
        .where('segments.id', '=', id)
        .where(visibleSegment())
        .executeTakeFirst();
      return row && { ...toRecord(row), embeddingModel: row.embeddingModel };
    },

    /**
     * Changes a segment (the full-text index follows by trigger); false when it is gone. 409 FILE_BUSY while
     * a job parses its file (the job's result would replace the change).
     */
    async update(
      tenantId: string,
      segment: { id: string; datasetId: string; fileId: string | null },
      changes: {
        text?: string;
        question?: string;
        answer?: string;
        searchText?: string;
        embedding?: Buffer | null;
        enabled?: boolean;
      },
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await lockDataset(trx, tenantId, segment.datasetId);
        await refuseWhileParsing(trx, tenantId, segment.fileId);
        const { enabled, ...values } = changes;
        const result = await scoped(trx, tenantId)
          .updateTable('segments')
          .set({ ...values, ...(enabled === undefined ? {} : { enabled: enabled ? 1 : 0 }), updatedAt: isoNow() })
          .where('id', '=', segment.id)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) > 0;
      });
    },

    /** Deletes a segment and counts one less in its file and dataset, in one transaction; false when it is gone. */
    async remove(
      tenantId: string,
      segment: { id: string; datasetId: string; fileId: string | null },
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await lockDataset(trx, tenantId, segment.datasetId);
        await refuseWhileParsing(trx, tenantId, segment.fileId);
        const tenant = scoped(trx, tenantId);
        const deleted = await tenant.deleteFrom('segments').where('id', '=', segment.id).executeTakeFirst();
        if (Number(deleted.numDeletedRows) === 0) return false;
        const now = isoNow();
        if (segment.fileId) {
          await tenant
            .updateTable('datasetFiles')
            .set((eb) => ({ segmentCount: eb('segmentCount', '-', 1), updatedAt: now }))
            .where('id', '=', segment.fileId)
            .execute();
        }
        await tenant
          .updateTable('datasets')
          .set((eb) => ({ segmentCount: eb('segmentCount', '-', 1), updatedAt: now }))
          .where('id', '=', segment.datasetId)
          .execute();
        return true;
      });
    },
  };
}

/** 409 FILE_BUSY while a job works on the file: its commit replaces all of the file's segments. */
async function refuseWhileParsing(trx: Kysely<DB>, tenantId: string, fileId: string | null): Promise<void> {
  if (!fileId) return;
  const file = await scoped(trx, tenantId)
    .selectFrom('datasetFiles')
    .select('status')
    .where('id', '=', fileId)
    .executeTakeFirst();
  if (file && (file.status === 'queued' || file.status === 'parsing')) throw new AppError(409, 'CONFLICT', 'FILE_BUSY');
}

export type SegmentsRepository = ReturnType<typeof segmentsRepository>;
