import { request, UpdateCatalogue, type Catalogue, type UpdateCatalogueBody } from '@flotilla/shared';

/**
 * Renames and/or moves a folder. A move into the folder itself or one of its subfolders answers 409,
 * which the dialog shows (409 gets no notice from the shell).
 */
export function updateCatalogue({
  datasetId,
  catalogueId,
  body,
}: {
  datasetId: string;
  catalogueId: string;
  body: UpdateCatalogueBody;
}): Promise<Catalogue> {
  return request(UpdateCatalogue, { params: { id: datasetId, cid: catalogueId }, body });
}
