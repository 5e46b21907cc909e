import { http, type Catalogue, type UpdateCatalogueBody } from '@flotilla/shared';

/**
 * `PUT /v1/datasets/{id}/catalogues/{cid}`: rename and/or move. A move into the folder itself or one
 * of its subfolders answers 409, which the dialog shows (409 gets no notice from the shell).
 */
export function updateCatalogue({ datasetId, catalogueId, body }: { datasetId: string; catalogueId: string; body: UpdateCatalogueBody }): Promise<Catalogue> {
  return http.put<Catalogue>(`/v1/datasets/${encodeURIComponent(datasetId)}/catalogues/${encodeURIComponent(catalogueId)}`, { body });
}
