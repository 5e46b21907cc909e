import { http, type Catalogue } from '@flotilla/shared';

/** `GET /v1/datasets/{id}/catalogues`: every catalogue of the dataset, flat (the tree is built here). */
export function listCatalogues(datasetId: string): Promise<Catalogue[]> {
  return http.get<Catalogue[]>(`/v1/datasets/${encodeURIComponent(datasetId)}/catalogues`);
}
