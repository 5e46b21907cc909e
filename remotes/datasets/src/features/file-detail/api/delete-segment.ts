import { http } from '@flotilla/shared';

/** `DELETE /v1/datasets/segments/{sid}`: removes one segment from its file. */
export function deleteSegment(segmentId: string): Promise<unknown> {
  return http.delete<unknown>(`/v1/datasets/segments/${encodeURIComponent(segmentId)}`);
}
