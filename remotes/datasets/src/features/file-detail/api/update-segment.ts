import { request, UpdateSegment, type Segment, type UpdateSegmentBody } from '@flotilla/shared';

/** New text (or question and answer), or enabled/disabled; answers the segment. */
export function updateSegment({ segmentId, body }: { segmentId: string; body: UpdateSegmentBody }): Promise<Segment> {
  return request(UpdateSegment, { params: { sid: segmentId }, body });
}
