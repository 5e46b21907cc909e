import { ListComparisons, request, type ComparisonListResponse, type ListComparisonsQuery } from '@flotilla/shared';

/** One page of comparisons, filtered by robot, status and name on the server. */
export function listComparisons(query: ListComparisonsQuery): Promise<ComparisonListResponse> {
  return request(ListComparisons, { query });
}
