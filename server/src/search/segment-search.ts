import type { SearchMode, Segment } from '@flotilla/shared/contracts';
import type { Embedder } from './embeddings';
import { coverage, queryTerms } from './query';
import type { SearchableDataset, SegmentRecord, SegmentStore } from './segment-store';
import type { DatasetVectors } from './vector-cache';

/** Reciprocal rank fusion constant (Cormack et al.): a hit ranked r in a list adds 1 / (RRF_K + r). */
export const RRF_K = 60;
/** How deep each list goes into a hybrid fusion; hybrid results page through at most twice this. */
export const HYBRID_DEPTH = 100;

export type SegmentHit = Segment & { score: number };

export type SegmentSearch = {
  datasets: SearchableDataset[];
  /** Only this file's segments. */
  fileId?: string;
  query: string;
  mode: SearchMode;
  offset: number;
  limit: number;
  /** Count every match (the API's `total`); without it `total` is only what was found. */
  withTotal: boolean;
};

export type SegmentSearchResult = { list: SegmentHit[]; total: number; mode: SearchMode };

type Dependencies = {
  segments: SegmentStore;
  embedder: Embedder;
  /** Told when the embeddings endpoint fails (the search then falls back to full-text). */
  onEmbeddingError?: (error: unknown) => void;
};

const round = (score: number) => Math.round(Math.min(1, Math.max(0, score)) * 10_000) / 10_000;

function hit(record: SegmentRecord, score: number): SegmentHit {
  const { searchText: _tokens, ...segment } = record;
  return { ...segment, score: round(score) };
}

/** Appends to `out` the segments of `set` (of `fileId` only, when given) similar to `query` at all, with their similarity. */
function similarities(
  set: DatasetVectors,
  query: Float32Array,
  fileId: string | undefined,
  out: Array<{ id: string; similarity: number }>,
): void {
  const { dimensions, vectors } = set;
  // Vectors of another model (a re-index under way) compare to nothing.
  if (query.length !== dimensions) return;
  for (let row = 0, offset = 0; row < set.ids.length; row++, offset += dimensions) {
    if (fileId !== undefined && set.fileIds[row] !== fileId) continue;
    // Four sums side by side: a third faster than one (10k vectors of 1536 dimensions: 15 ms against 23).
    let a = 0;
    let b = 0;
    let c = 0;
    let d = 0;
    let i = 0;
    for (; i + 3 < dimensions; i += 4) {
      a += (query[i] as number) * (vectors[offset + i] as number);
      b += (query[i + 1] as number) * (vectors[offset + i + 1] as number);
      c += (query[i + 2] as number) * (vectors[offset + i + 2] as number);
      d += (query[i + 3] as number) * (vectors[offset + i + 3] as number);
    }
    for (; i < dimensions; i++) a += (query[i] as number) * (vectors[offset + i] as number);
    const similarity = a + b + c + d;
    if (similarity > 0) out.push({ id: set.ids[row] as string, similarity });
  }
}

/**
 * Similarity of every stored vector of the datasets to the query's, best first (cosine: vectors are
 * normalised when made), brute force over the vectors the repository keeps in memory. Undefined when there
 * is nothing to compare: no dataset with a configured embedding model, or no vectors stored yet.
 */
async function vectorRanking(
  deps: Dependencies,
  tenantId: string,
  search: SegmentSearch,
): Promise<Array<{ id: string; similarity: number }> | undefined> {
  const byModel = new Map<string, SearchableDataset[]>();
  for (const dataset of search.datasets) {
    if (!dataset.embeddingModel || !deps.embedder.has(dataset.embeddingModel)) continue;
    byModel.set(dataset.embeddingModel, [...(byModel.get(dataset.embeddingModel) ?? []), dataset]);
  }
  let compared = false;
  const ranking: Array<{ id: string; similarity: number }> = [];
  for (const [model, datasets] of byModel) {
    const stored = await Promise.all(datasets.map((dataset) => deps.segments.vectors(tenantId, dataset)));
    if (stored.every((set) => set.ids.length === 0)) continue;
    const [query] = await deps.embedder.embed(model, [search.query]);
    if (!query) continue;
    compared = true;
    for (const set of stored) similarities(set, query, search.fileId, ranking);
  }
  if (!compared) return undefined;
  return ranking.sort((a, b) => b.similarity - a.similarity || (a.id < b.id ? -1 : 1));
}

/**
 * Searches enabled segments of the datasets (all of the caller's tenant: `datasets` come from its scoped
 * repository).
 *
 * - `fulltext`: the query's terms (server/src/search/query.ts) OR-ed in the full-text index, ranked by
 *   BM25 (SQLite FTS5) or ts_rank_cd (PostgreSQL).
 * - `vector`: cosine similarity of the stored vectors to the query's, for datasets with an embedding model.
 * - `hybrid`: both lists (each {@link HYBRID_DEPTH} deep) fused by reciprocal rank ({@link RRF_K}).
 *
 * `vector` and `hybrid` fall back to `fulltext` — no error — when there is no vector to compare or the
 * embeddings endpoint fails; the result says which mode ran.
 *
 * Scores are 0…1, higher is better, and mean the same whatever the mode, corpus or dialect, so the search
 * page can show them and the answer engine can hold them to one threshold: a full-text hit scores the
 * share of the question's words it contains ({@link coverage}), a vector hit its cosine similarity, a
 * hybrid hit the higher of the two. The ORDER is the ranking's (BM25, cosine, fused rank), which also
 * weighs rare words and repetitions — so in fulltext and hybrid mode a lower hit may score higher.
 */
export async function searchSegments(
  deps: Dependencies,
  tenantId: string,
  search: SegmentSearch,
): Promise<SegmentSearchResult> {
  const terms = queryTerms(search.query);
  const datasetIds = search.datasets.map((dataset) => dataset.id);

  const fullText = async (): Promise<SegmentSearchResult> => {
    const { rows, total } = await deps.segments.fullText(tenantId, {
      datasetIds,
      fileId: search.fileId,
      terms,
      offset: search.offset,
      limit: search.limit,
      withTotal: search.withTotal,
    });
    return { list: rows.map((row) => hit(row, coverage(terms, row.searchText))), total, mode: 'fulltext' };
  };
  if (search.mode === 'fulltext') return fullText();

  let ranking: Array<{ id: string; similarity: number }> | undefined;
  try {
    ranking = await vectorRanking(deps, tenantId, search);
  } catch (error) {
    deps.onEmbeddingError?.(error);
  }
  if (!ranking) return fullText();
  const similarity = new Map(ranking.map((entry) => [entry.id, entry.similarity]));

  if (search.mode === 'vector') {
    const page = ranking.slice(search.offset, search.offset + search.limit);
    const records = new Map(
      (
        await deps.segments.byIds(
          tenantId,
          page.map((entry) => entry.id),
        )
      ).map((record) => [record.id, record]),
    );
    const list = page.flatMap((entry) => {
      const record = records.get(entry.id);
      return record ? [hit(record, entry.similarity)] : [];
    });
    return { list, total: ranking.length, mode: 'vector' };
  }

  const { rows } = await deps.segments.fullText(tenantId, {
    datasetIds,
    fileId: search.fileId,
    terms,
    offset: 0,
    limit: HYBRID_DEPTH,
    withTotal: false,
  });
  const fused = new Map<string, { score: number; record?: SegmentRecord }>();
  rows.forEach((record, i) => fused.set(record.id, { score: 1 / (RRF_K + i + 1), record }));
  ranking.slice(0, HYBRID_DEPTH).forEach(({ id }, i) => {
    const entry = fused.get(id) ?? { score: 0 };
    entry.score += 1 / (RRF_K + i + 1);
    fused.set(id, entry);
  });
  const order = [...fused.entries()].sort(([idA, a], [idB, b]) => b.score - a.score || (idA < idB ? -1 : 1));
  const page = order.slice(search.offset, search.offset + search.limit);
  const missing = page.filter(([, entry]) => !entry.record).map(([id]) => id);
  const fetched = new Map((await deps.segments.byIds(tenantId, missing)).map((record) => [record.id, record]));
  const list = page.flatMap(([id, entry]) => {
    const record = entry.record ?? fetched.get(id);
    return record ? [hit(record, Math.max(coverage(terms, record.searchText), similarity.get(id) ?? 0))] : [];
  });
  return { list, total: fused.size, mode: 'hybrid' };
}
