import { http } from '@flotilla/shared';

/** `DELETE /v1/datasets/{id}/catalogues/{cid}`: the folder and its subfolders. */
export function deleteCatalogue({ datasetId, catalogueId }: { datasetId: string; catalogueId: string }): Promise<unknown> {
  return http.delete<unknown>(`/v1/datasets/${encodeURIComponent(datasetId)}/catalogues/${encodeURIComponent(catalogueId)}`);
}
