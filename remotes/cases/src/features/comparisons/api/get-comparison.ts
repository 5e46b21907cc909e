import { GetComparisonDetail, request, type ComparisonDetail } from '@flotilla/shared';

/** A comparison with its answered questions. */
export function getComparison(id: string): Promise<ComparisonDetail> {
  return request(GetComparisonDetail, { body: { id } });
}
