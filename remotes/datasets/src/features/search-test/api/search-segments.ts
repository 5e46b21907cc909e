import { http, type SearchSegmentsBody, type SegmentListResponse } from '@flotilla/shared';

/** `POST /v1/datasets/segments` with a query: the best segments of the datasets, with the mode used and the time taken. */
export function searchSegments(body: SearchSegmentsBody): Promise<SegmentListResponse> {
  return http.post<SegmentListResponse>('/v1/datasets/segments', { body });
}
