import type { BasicConfig, Citation } from '@flotilla/shared/contracts';
import type { SegmentsRepository } from '../plugins/app/segments/segments-repository';
import type { Embedder } from '../search/embeddings';
import { queryTerms } from '../search/query';
import { searchSegments, type SegmentHit } from '../search/segment-search';

/**
 * Least score (0…1, see searchSegments) of a passage a robot cites: at least half of the question's words
 * are in it (full-text), or its vector is at least that close to the question's (cosine). Below it the
 * passage is more likely to mislead than to help, and a robot with nothing above it gives its fallback reply.
 */
export const RELEVANCE_THRESHOLD = 0.5;
/**
 * How closely a QA pair's question must match the user's for the robot to answer with the pair's answer:
 * the words the two questions share, over the words of the longer one (stop words left out).
 */
export const QA_MATCH_THRESHOLD = 0.6;
/** Passages an answer cites at most. */
export const MAX_CITATIONS = 3;
/** Hits looked at: enough to find a QA pair below a few passages. */
const CANDIDATES = 10;

export type Knowledge = {
  /** Numbered [1], [2]… as the answer cites them. */
  citations: Citation[];
  /** The answer of a QA pair that matches the question well (citations holds only that pair). */
  qaAnswer?: string;
};

/** How much two questions ask the same thing (0…1): shared words over the words of the longer one. */
export function questionMatch(asked: string, stored: string): number {
  const a = new Set(queryTerms(asked));
  const b = new Set(queryTerms(stored));
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const term of a) if (b.has(term)) shared += 1;
  return shared / Math.max(a.size, b.size);
}

const citation = (hit: SegmentHit, index: number): Citation => ({
  index,
  segmentId: hit.id,
  fileName: hit.fileName,
  datasetId: hit.datasetId,
  text: hit.text,
  score: hit.score,
});

/**
 * The robot's knowledge for a question: with library search on and datasets bound, the best passages of
 * those datasets (hybrid search where they have vectors) scoring at least {@link RELEVANCE_THRESHOLD}, or
 * the one QA pair whose question matches well. Datasets deleted since they were bound are skipped.
 */
export async function findKnowledge(
  deps: { segments: SegmentsRepository; embedder: Embedder; onEmbeddingError?: (error: unknown) => void },
  tenantId: string,
  basic: Pick<BasicConfig, 'librarySearch' | 'datasetIds'>,
  question: string,
  maxCitations: number = MAX_CITATIONS,
): Promise<Knowledge> {
  if (!basic.librarySearch || basic.datasetIds.length === 0) return { citations: [] };
  const datasets = await deps.segments.datasets(tenantId, basic.datasetIds);
  if (datasets.length === 0) return { citations: [] };
  const { list } = await searchSegments(deps, tenantId, {
    datasets,
    query: question,
    mode: 'hybrid',
    offset: 0,
    limit: Math.max(CANDIDATES, maxCitations),
    withTotal: false,
  });
  const relevant = list.filter((hit) => hit.score >= RELEVANCE_THRESHOLD);
  const qa = relevant
    .filter((hit) => hit.question !== undefined && hit.answer !== undefined)
    .map((hit) => ({ hit, match: questionMatch(question, hit.question as string) }))
    .filter(({ match }) => match >= QA_MATCH_THRESHOLD)
    .sort((a, b) => b.match - a.match)[0];
  if (qa) return { citations: [citation(qa.hit, 1)], qaAnswer: qa.hit.answer };
  return { citations: relevant.slice(0, maxCitations).map((hit, i) => citation(hit, i + 1)) };
}
