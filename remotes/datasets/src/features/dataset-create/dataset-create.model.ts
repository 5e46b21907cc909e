import { createEffect, createEvent, createStore, sample } from 'effector';
import { toFailure, type CreateDatasetBody, type Dataset, type Failure } from '@flotilla/shared';
import { createDataset } from './api/create-dataset';

/** The new-dataset form was opened (its fields start empty). */
export const datasetCreatePageOpened = createEvent();
/** The user left the form (after creating, or not): the next visit starts afresh. */
export const datasetCreatePageClosed = createEvent();
/** The form passed its checks and was sent. */
export const datasetCreateSubmitted = createEvent<CreateDatasetBody>();

export const createDatasetFx = createEffect(createDataset);

export const $creating = createDatasetFx.pending;
export const $createFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on(createDatasetFx.failData, (_, error) => toFailure(error))
  .reset(datasetCreatePageOpened, createDatasetFx);
/** The dataset just created; the page then goes back to the list. */
export const $createdDataset = createStore<Dataset | null>(null, { skipVoid: false })
  .on(createDatasetFx.doneData, (_, dataset) => dataset)
  .reset(datasetCreatePageOpened, datasetCreatePageClosed);

sample({
  clock: datasetCreateSubmitted,
  source: $creating,
  filter: (creating) => !creating,
  fn: (_, body): CreateDatasetBody => {
    const description = body.description?.trim();
    return { name: body.name.trim(), ...(description ? { description } : {}) };
  },
  target: createDatasetFx,
});
