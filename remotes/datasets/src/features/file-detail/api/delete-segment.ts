import { DeleteSegment, request, type Ok } from '@flotilla/shared';

/** Removes one segment from its file. */
export function deleteSegment(segmentId: string): Promise<Ok> {
  return request(DeleteSegment, { params: { sid: segmentId } });
}
