import { http, type Catalogue, type CreateCatalogueBody } from '@flotilla/shared';

/** `POST /v1/datasets/{id}/catalogues`: a new folder, at the top or under `parentId`. */
export function createCatalogue({ datasetId, body }: { datasetId: string; body: CreateCatalogueBody }): Promise<Catalogue> {
  return http.post<Catalogue>(`/v1/datasets/${encodeURIComponent(datasetId)}/catalogues`, { body });
}
