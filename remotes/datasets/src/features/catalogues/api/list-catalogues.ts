import { ListCatalogues, request, type Catalogue } from '@flotilla/shared';

/** Every catalogue of the dataset, flat (the tree is built here). */
export function listCatalogues(datasetId: string): Promise<Catalogue[]> {
  return request(ListCatalogues, { params: { id: datasetId } });
}
