import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import {
  DEFAULT_SEPARATORS,
  toFailure,
  type CreateDatasetBody,
  type Dataset,
  type EmbeddingModel,
  type Failure,
  type UpdateDatasetBody,
} from '@flotilla/shared';
import { datasetDetailOpened } from '../dataset-detail/dataset-detail.model';
import { createDataset } from './api/create-dataset';
import { listEmbeddingModels } from './api/list-embedding-models';
import { updateDataset } from './api/update-dataset';

/** What the form holds once checked: separators as they are used (an empty list stands for the defaults). */
export type DatasetFormValues = {
  name: string;
  description: string;
  chunkSize: number;
  overlap: number;
  separators: string[];
  embeddingModel: string | null;
};

/** The dataset just saved; the page then leaves (to the list after creating, to the dataset after editing). */
export type SavedDataset = { dataset: Dataset; created: boolean };

/** The form was opened: empty for a new dataset, or for the dataset `id` (edit). */
export const datasetFormOpened = createEvent<string | undefined>();
/** The user left the form (after saving, or not): the next visit starts afresh. */
export const datasetFormClosed = createEvent();
/** The form passed its checks and was sent. */
export const datasetFormSubmitted = createEvent<DatasetFormValues>();
/** The user asked for the embedding models again after a failure. */
export const embeddingModelsRetryClicked = createEvent();

export const createDatasetFx = createEffect(createDataset);
export const updateDatasetFx = createEffect(updateDataset);
export const loadEmbeddingModelsFx = createEffect(listEmbeddingModels);

/** The dataset being edited; `null` on the form of a new one. */
export const $editedId = createStore<string | null>(null, { skipVoid: false }).on(
  datasetFormOpened,
  (_, id) => id || null,
);
export const $saving = combine(
  createDatasetFx.pending,
  updateDatasetFx.pending,
  (creating, updating) => creating || updating,
);
export const $saveFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on([createDatasetFx.failData, updateDatasetFx.failData], (_, error) => toFailure(error))
  .reset(datasetFormOpened, createDatasetFx, updateDatasetFx);
export const $savedDataset = createStore<SavedDataset | null>(null, { skipVoid: false })
  .on(createDatasetFx.doneData, (_, dataset) => ({ dataset, created: true }))
  .on(updateDatasetFx.doneData, (_, dataset) => ({ dataset, created: false }))
  .reset(datasetFormOpened, datasetFormClosed);

/** The embedding models a dataset may use; `null` until they arrive. */
export const $embeddingModels = createStore<EmbeddingModel[] | null>(null, { skipVoid: false }).on(
  loadEmbeddingModelsFx.doneData,
  (_, models) => models,
);
export const $embeddingModelsFailed = createStore(false)
  .on(loadEmbeddingModelsFx.fail, () => true)
  .reset(loadEmbeddingModelsFx.done);

sample({ clock: [datasetFormOpened, embeddingModelsRetryClicked], target: loadEmbeddingModelsFx });
sample({ clock: datasetFormOpened, filter: (id): id is string => Boolean(id), target: datasetDetailOpened });

/** The body of `POST /v1/datasets`: empty optional fields left out (the server's defaults apply). */
export function toCreateBody(values: DatasetFormValues): CreateDatasetBody {
  const description = values.description.trim();
  return {
    name: values.name.trim(),
    ...(description ? { description } : {}),
    chunkSize: values.chunkSize,
    overlap: values.overlap,
    ...(values.separators.length ? { separators: values.separators } : {}),
    ...(values.embeddingModel ? { embeddingModel: values.embeddingModel } : {}),
  };
}

/** The body of `PUT /v1/datasets/{id}`: every field, so a cleared one is cleared (no separators: the defaults). */
export function toUpdateBody(values: DatasetFormValues): UpdateDatasetBody {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    chunkSize: values.chunkSize,
    overlap: values.overlap,
    separators: values.separators.length ? values.separators : [...DEFAULT_SEPARATORS],
    embeddingModel: values.embeddingModel,
  };
}

sample({
  clock: datasetFormSubmitted,
  source: { saving: $saving, id: $editedId },
  filter: ({ saving, id }) => !saving && id === null,
  fn: (_, values) => toCreateBody(values),
  target: createDatasetFx,
});
sample({
  clock: datasetFormSubmitted,
  source: { saving: $saving, id: $editedId },
  filter: (state: { saving: boolean; id: string | null }): state is { saving: false; id: string } =>
    !state.saving && state.id !== null,
  fn: ({ id }, values) => ({ id, body: toUpdateBody(values) }),
  target: updateDatasetFx,
});
