import { createItemLoader, type Dataset } from '@flotilla/shared';
import { getDataset } from './api/get-dataset';

/** One dataset of the tenant, loaded by the id of the route. */
const datasetDetail = createItemLoader<Dataset>({ fetchOne: getDataset, itemKey: (dataset) => dataset.id });

/** The detail page was opened for a dataset id (the route's id is optional, so it may be missing). */
export const datasetDetailOpened = datasetDetail.opened;
/** The user asked to load the dataset again after a failure. */
export const datasetDetailRetryClicked = datasetDetail.reloadRequested;

export const loadDatasetFx = datasetDetail.loadFx;

export const $datasetId = datasetDetail.$id;
export const $dataset = datasetDetail.$item;
export const $detailStatus = datasetDetail.$status;
export const $detailFailure = datasetDetail.$failure;
