import { request, SearchSegments, type SegmentListResponse } from '@flotilla/shared';

/** One page of a file's segments, in order (disabled ones too). */
export function listFileSegments(body: {
  fileId: string;
  offset: number;
  limit: number;
}): Promise<SegmentListResponse> {
  return request(SearchSegments, { body });
}
