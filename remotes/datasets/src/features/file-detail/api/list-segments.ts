import { http, type SegmentListResponse } from '@flotilla/shared';

/** `POST /v1/datasets/segments` {fileId, offset, limit}: one page of a file's segments, in order. */
export function listFileSegments(body: { fileId: string; offset: number; limit: number }): Promise<SegmentListResponse> {
  return http.post<SegmentListResponse>('/v1/datasets/segments', { body });
}
