import { createEffect, createEvent, createStore, sample } from 'effector';
import { toFailure, type Dataset, type Failure } from '@flotilla/shared';
import { getDataset } from './api/get-dataset';

export type DetailStatus = 'loading' | 'ready' | 'not-found' | 'error';

/** The detail page was opened for a dataset id (the route's id is optional, so it may be missing). */
export const datasetDetailOpened = createEvent<string | undefined>();
/** The user asked to load the dataset again after a failure. */
export const datasetDetailRetryClicked = createEvent();

const datasetLoaded = createEvent<Dataset>();
const datasetLoadFailed = createEvent<Failure>();

export const loadDatasetFx = createEffect(getDataset);

export const $datasetId = createStore<string | null>(null, { skipVoid: false }).on(datasetDetailOpened, (_, id) => id || null);
export const $dataset = createStore<Dataset | null>(null, { skipVoid: false })
  .on(datasetDetailOpened, (dataset, id) => (dataset && dataset.id === id ? dataset : null))
  .on(datasetLoaded, (_, dataset) => dataset);
export const $detailStatus = createStore<DetailStatus>('loading')
  .on(loadDatasetFx, () => 'loading')
  .on(datasetLoaded, () => 'ready')
  .on(datasetLoadFailed, (_, failure) => (failure.status === 404 ? 'not-found' : 'error'));
export const $detailFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on(datasetLoadFailed, (_, failure) => failure)
  .reset(datasetLoaded, datasetDetailOpened);

sample({ clock: datasetDetailOpened, filter: (id): id is string => Boolean(id), target: loadDatasetFx });
sample({ clock: datasetDetailOpened, filter: (id) => !id, fn: (): DetailStatus => 'not-found', target: $detailStatus });
sample({ clock: datasetDetailRetryClicked, source: $datasetId, filter: (id): id is string => id !== null, target: loadDatasetFx });

// Only the answer for the dataset on screen counts (the user may have moved on to another one).
sample({
  clock: loadDatasetFx.done,
  source: $datasetId,
  filter: (id, { params }) => id === params,
  fn: (_, { result }) => result,
  target: datasetLoaded,
});
sample({
  clock: loadDatasetFx.fail,
  source: $datasetId,
  filter: (id, { params }) => id === params,
  fn: (_, { error }) => toFailure(error),
  target: datasetLoadFailed,
});
