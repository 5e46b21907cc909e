import { CompiledQuery, PostgresAdapter, type Kysely } from 'kysely';
import type { Page, Segment } from '@flotilla/shared/contracts';
import type { Database, DialectName } from '../../../db/database';
import { paged } from '../../../db/filters';
import type { DB } from '../../../db/schema';
import { scoped } from '../../../db/scoped';
import { AppError } from '../../../lib/app-error';
import { isoNow } from '../../../lib/clock';
import { fromBytes } from '../../../search/embeddings';
import { ftsMatch, tsQuery } from '../../../search/query';
import { lockDataset } from '../datasets/dataset-files-repository';

/** A segment as the search reads it: the API's fields, its tokens, and where the index ranked it. */
export type SegmentRecord = Omit<Segment, 'score'> & { searchText: string };
export type RankedSegment = SegmentRecord & { rank: number };
/** A dataset as the search needs it. */
export type SearchableDataset = { id: string; embeddingModel: string | null };
export type FullTextQuery = { datasetIds: string[]; fileId?: string; terms: string[]; offset: number; limit: number; withTotal: boolean };

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

/** The dialect behind a Kysely instance (the repositories receive only the database). */
export function dialectOf(db: Kysely<DB>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

// The full-text statements are SQL of their own (scoped() builds only Kysely queries), so each writes the
// tenant filter itself: `s.tenant_id = ?`, and only the caller's datasets. The index-wide numbers read for
// pruning (segment count, segments per term) steer the query and are never shown.

/** Both dialects' statements read the same columns, in snake_case (CamelCasePlugin maps the answer). */
const COLUMNS = 's.id, s.dataset_id, s.file_id, s.position, s.enabled, s.question, s.answer, s.text, s.search_text, f.name as file_name, f.catalogue_id';

/**
 * `total` counts matches up to this many: a count visits every match (as many as a ranking), and nobody
 * pages through more than this many hits of a relevance search.
 */
export const TOTAL_LIMIT = 500;

// SQLite. First the index's own best `offset + limit` (FTS5 ranks in its own sorter: the floor of any
// query), joined to their rows and filtered by tenant, datasets, file and enabled. When the filters removed
// none of them, or the index had no more, that is the page. Otherwise (other tenants' or datasets' segments
// rank high too) the filtered ranking: the FTS5 table drives the join (CROSS JOIN keeps SQLite from
// scanning segments and probing the index per row), one lookup per match in the narrow index
// segments_scope (INDEXED BY: the planner would read the table's wide rows, 3× slower).
const SQLITE_SCOPE = 's.tenant_id = ? and s.enabled = 1 and s.dataset_id in (select value from json_each(?)) and (? is null or s.file_id = ?)';
const SQLITE_TOP = `with top as materialized (select rowid as seq, rank from segments_fts where segments_fts match ? order by rank limit ?)
select ${COLUMNS}, top.rank as rank, (select count(*) from top) as fetched
from top cross join segments s on s.seq = top.seq left join dataset_files f on f.id = s.file_id
where ${SQLITE_SCOPE}
order by top.rank`;
const SQLITE_FILTERED = `segments_fts match ? and ${SQLITE_SCOPE}`;
const SQLITE_SEARCH = `with hits as materialized (
  select s.seq, segments_fts.rank as rank
  from segments_fts cross join segments s indexed by segments_scope on s.seq = segments_fts.rowid
  where ${SQLITE_FILTERED}
  order by segments_fts.rank limit ? offset ?
)
select ${COLUMNS}, hits.rank as rank
from hits join segments s on s.seq = hits.seq left join dataset_files f on f.id = s.file_id
order by hits.rank`;
const SQLITE_COUNT = `select count(*) as total from (
  select 1 from segments_fts cross join segments s indexed by segments_scope on s.seq = segments_fts.rowid where ${SQLITE_FILTERED} limit ${TOTAL_LIMIT}
)`;
const SQLITE_DOCUMENTS = `select count(*) as total from segments`;
const SQLITE_TERM_DOCUMENTS = `select doc from segments_fts_vocab where term = ?`;

// PostgreSQL: the GIN index finds the matches, ts_rank_cd (cover density) ranks them.
const PG_FILTER = `s.search_vector @@ q.query and s.tenant_id = $2 and s.enabled = 1 and s.dataset_id = any($3::text[]) and ($4::text is null or s.file_id = $4)`;
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

export function segmentsRepository(db: Database) {
  const dialect = dialectOf(db);
  const run = async <R>(sqlText: string, parameters: unknown[]) => (await db.executeQuery<R>(CompiledQuery.raw(sqlText, parameters))).rows;
  let documents = { count: 0, at: -Infinity };
  // Segments per term, read with the segment count (common terms are asked again and again).
  let termDocuments = new Map<string, number>();

  /** The terms worth asking SQLite's index (see DOCUMENT_COUNT_TTL_MS). */
  async function usefulTerms(terms: string[]): Promise<string[]> {
    if (terms.length < 2) return terms;
    if (performance.now() - documents.at > DOCUMENT_COUNT_TTL_MS) {
      const [row] = await run<{ total: number }>(SQLITE_DOCUMENTS, []);
      documents = { count: Number(row?.total ?? 0), at: performance.now() };
      termDocuments = new Map();
    }
    if (documents.count < PRUNE_FROM_DOCUMENTS) return terms;
    const useful: string[] = [];
    for (const term of terms) {
      let count = termDocuments.get(term);
      if (count === undefined) {
        count = Number((await run<{ doc: number }>(SQLITE_TERM_DOCUMENTS, [term]))[0]?.doc ?? 0);
        if (termDocuments.size >= TERM_CACHE_SIZE) termDocuments.delete(termDocuments.keys().next().value as string);
        termDocuments.set(term, count);
      }
      if (count * 2 < documents.count) useful.push(term);
    }
    return useful.length > 0 ? useful : terms;
  }

  return {
    /** The tenant's datasets among `ids` (all of them when undefined), with their embedding model. */
    async datasets(tenantId: string, ids?: string[]): Promise<SearchableDataset[]> {
      let query = scoped(db, tenantId).selectFrom('datasets').select(['id', 'embeddingModel']);
      if (ids) {
        if (ids.length === 0) return [];
        query = query.where('id', 'in', [...new Set(ids)]);
      }
      return query.execute();
    },

    /** The dataset of the tenant's file; undefined when the tenant has no such file. */
    async fileDataset(tenantId: string, fileId: string): Promise<string | undefined> {
      const file = await scoped(db, tenantId).selectFrom('datasetFiles').select('datasetId').where('id', '=', fileId).executeTakeFirst();
      return file?.datasetId;
    },

    /** A file's segments in position order, disabled ones included; undefined when the tenant has no such file. */
    async listFile(tenantId: string, fileId: string, page: { offset: number; limit: number }): Promise<Page<Segment> | undefined> {
      const tenant = scoped(db, tenantId);
      const file = await tenant.selectFrom('datasetFiles').select(['name', 'catalogueId']).where('id', '=', fileId).executeTakeFirst();
      if (!file) return undefined;
      const base = tenant.selectFrom('segments').where('segments.fileId', '=', fileId);
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
        const { searchText: _tokens, ...segment } = toRecord({ ...row, fileName: file.name, catalogueId: file.catalogueId });
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
      let rows: Array<RecordRow & { rank: number }> | undefined;
      let total: number | undefined;
      let count: () => Promise<number>;
      if (dialect === 'sqlite') {
        const match = ftsMatch(await usefulTerms(query.terms));
        const scope = [tenantId, JSON.stringify(query.datasetIds), fileId, fileId];
        const top = await run<RecordRow & { rank: number; fetched: number }>(SQLITE_TOP, [match, end, ...scope]);
        const fetched = Number(top[0]?.fetched ?? end);
        // Nothing filtered out of the index's best (or nothing more to find): that is the ranking.
        if (top.length > 0 && (top.length === fetched || fetched < end)) {
          rows = top.slice(query.offset);
          if (fetched < end) total = top.length;
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
      return { rows: ranked, total: total ?? Math.max(await count(), ranked.length > 0 ? query.offset + ranked.length : 0) };
    },

    /** The stored vectors of the enabled segments of the datasets (and of `fileId` when given). */
    async vectors(tenantId: string, datasetIds: string[], fileId?: string): Promise<Array<{ id: string; vector: Float32Array }>> {
      if (datasetIds.length === 0) return [];
      let query = scoped(db, tenantId)
        .selectFrom('segments')
        .select(['id', 'embedding'])
        .where('datasetId', 'in', datasetIds)
        .where('enabled', '=', 1)
        .where('embedding', 'is not', null);
      if (fileId) query = query.where('fileId', '=', fileId);
      const rows = await query.execute();
      return rows.map((row) => ({ id: row.id, vector: fromBytes(row.embedding as Buffer) }));
    },

    /** Segments by id (any order; unknown ids are left out). */
    async byIds(tenantId: string, ids: string[]): Promise<SegmentRecord[]> {
      if (ids.length === 0) return [];
      const rows = await scoped(db, tenantId)
        .selectFrom('segments')
        .leftJoin('datasetFiles', 'datasetFiles.id', 'segments.fileId')
        .select(RECORD_COLUMNS)
        .where('segments.id', 'in', ids)
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
      changes: { text?: string; question?: string; answer?: string; searchText?: string; embedding?: Buffer | null; enabled?: boolean },
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
    async remove(tenantId: string, segment: { id: string; datasetId: string; fileId: string | null }): Promise<boolean> {
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
  const file = await scoped(trx, tenantId).selectFrom('datasetFiles').select('status').where('id', '=', fileId).executeTakeFirst();
  if (file && (file.status === 'queued' || file.status === 'parsing')) throw new AppError(409, 'CONFLICT', 'FILE_BUSY');
}

export type SegmentsRepository = ReturnType<typeof segmentsRepository>;
