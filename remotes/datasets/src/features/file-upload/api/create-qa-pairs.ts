import { http, type QaPair } from '@flotilla/shared';

/** `POST /v1/datasets/{id}/qa` {pairs}: QA pairs entered by hand (1 to 500). */
export function createQaPairs({ datasetId, pairs }: { datasetId: string; pairs: QaPair[] }): Promise<unknown> {
  return http.post<unknown>(`/v1/datasets/${encodeURIComponent(datasetId)}/qa`, { body: { pairs } });
}
