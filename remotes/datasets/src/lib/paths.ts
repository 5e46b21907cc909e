/** Where the dataset list lives. */
export const DATASET_LIST_PATH = '/dataset';
/** The form of a new dataset (the route's `:id?` is left out). */
export const DATASET_CREATE_PATH = '/dataset/create';

/** The detail page of one dataset. */
export function datasetDetailPath(id: string): string {
  return `/dataset/${encodeURIComponent(id)}/detail`;
}

/** Navigation state the create page leaves behind, so the list starts over on its first page. */
export type DatasetListLocationState = { created?: boolean } | null;
