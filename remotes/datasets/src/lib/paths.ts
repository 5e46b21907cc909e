/** Where the dataset list lives. */
export const DATASET_LIST_PATH = '/dataset';
/** The form of a new dataset (the route's `:id?` is left out). */
export const DATASET_CREATE_PATH = '/dataset/create';

/** The tabs of a dataset's detail page, named in its `?tab=` query. */
export const DATASET_TABS = ['files', 'search'] as const;
export type DatasetTab = (typeof DATASET_TABS)[number];

/** The detail page of one dataset, on its file list or on its search test. */
export function datasetDetailPath(id: string, tab: DatasetTab = 'files'): string {
  const path = `/dataset/${encodeURIComponent(id)}/detail`;
  return tab === 'files' ? path : `${path}?tab=${tab}`;
}

/** The form of an existing dataset: the create route with its id. */
export function datasetEditPath(id: string): string {
  return `/dataset/${encodeURIComponent(id)}/create`;
}

/** The upload page of a dataset, its target folder preset to `catalogueId` when given. */
export function datasetUploadPath(id: string, catalogueId?: string | null): string {
  const path = `/dataset/${encodeURIComponent(id)}/uploadFile`;
  return catalogueId ? `${path}?catalogueId=${encodeURIComponent(catalogueId)}` : path;
}

/** The detail page of one file of a dataset (its segments). */
export function fileDetailPath(id: string, fid: string): string {
  return `/dataset/${encodeURIComponent(id)}/file-detail/${encodeURIComponent(fid)}`;
}

/** Navigation state the create page leaves behind, so the list starts over on its first page. */
export type DatasetListLocationState = { created?: boolean } | null;
