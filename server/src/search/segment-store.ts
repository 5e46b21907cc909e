import type { Segment } from '@flotilla/shared/contracts';
import type { DatasetVectors } from './vector-cache';

/** A segment as the search reads it: the API's fields, its tokens, and where the index ranked it. */
export type SegmentRecord = Omit<Segment, 'score'> & { searchText: string };
export type RankedSegment = SegmentRecord & { rank: number };
/** A dataset as a search needs it; `updatedAt` versions its content (the repository's lockDataset bumps it). */
export type SearchableDataset = { id: string; embeddingModel: string | null; updatedAt: string };
export type FullTextQuery = {
  datasetIds: string[];
  fileId?: string;
  terms: string[];
  offset: number;
  limit: number;
  withTotal: boolean;
};

/**
 * What segment search reads from storage, stated here so that the search does not depend on the storage:
 * the segments repository provides it.
 */
export type SegmentStore = {
  fullText(tenantId: string, query: FullTextQuery): Promise<{ rows: RankedSegment[]; total: number }>;
  vectors(tenantId: string, dataset: SearchableDataset): Promise<DatasetVectors>;
  byIds(tenantId: string, ids: string[]): Promise<SegmentRecord[]>;
};
