import { CreateSegment, request, type Segment } from '@flotilla/shared';

/** Adds a segment at the end of the file; answers it. */
export function createSegment({
  datasetId,
  fileId,
  text,
}: {
  datasetId: string;
  fileId: string;
  text: string;
}): Promise<Segment> {
  return request(CreateSegment, { params: { id: datasetId, fid: fileId }, body: { text } });
}
