import { http, type UpdateSegmentBody } from '@flotilla/shared';

/** `PUT /v1/datasets/segments/{sid}`: new text (or question and answer), or enabled/disabled. */
export function updateSegment({ segmentId, body }: { segmentId: string; body: UpdateSegmentBody }): Promise<unknown> {
  return http.put<unknown>(`/v1/datasets/segments/${encodeURIComponent(segmentId)}`, { body });
}
