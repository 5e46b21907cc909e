import { request, SearchSegments, type SearchSegmentsBody, type SegmentListResponse } from '@flotilla/shared';

/** The best segments of the datasets for a query, with the mode used and the time taken. */
export function searchSegments(body: SearchSegmentsBody): Promise<SegmentListResponse> {
  return request(SearchSegments, { body });
}
