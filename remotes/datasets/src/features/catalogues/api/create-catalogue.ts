import { CreateCatalogue, request, type Catalogue, type CreateCatalogueBody } from '@flotilla/shared';

/** A new folder, at the top or under `parentId`. */
export function createCatalogue({
  datasetId,
  body,
}: {
  datasetId: string;
  body: CreateCatalogueBody;
}): Promise<Catalogue> {
  return request(CreateCatalogue, { params: { id: datasetId }, body });
}
