import { http } from '@flotilla/shared';

/** `POST /v1/datasets/{id}/files/{fid}/segments` {text}: adds a segment at the end of the file. */
export function createSegment({ datasetId, fileId, text }: { datasetId: string; fileId: string; text: string }): Promise<unknown> {
  return http.post<unknown>(`/v1/datasets/${encodeURIComponent(datasetId)}/files/${encodeURIComponent(fileId)}/segments`, { body: { text } });
}
