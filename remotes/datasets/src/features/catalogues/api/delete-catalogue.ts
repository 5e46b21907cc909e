import { DeleteCatalogue, request, type Ok } from '@flotilla/shared';

/** Deletes the folder and its subfolders. */
export function deleteCatalogue({ datasetId, catalogueId }: { datasetId: string; catalogueId: string }): Promise<Ok> {
  return request(DeleteCatalogue, { params: { id: datasetId, cid: catalogueId } });
}
