import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { toFailure, type Catalogue, type Failure } from '@flotilla/shared';
import { buildCatalogueTree } from '../../lib/catalogue-tree';
import { showSuccessFx } from '@flotilla/shared/ui';
import { createCatalogue } from './api/create-catalogue';
import { deleteCatalogue } from './api/delete-catalogue';
import { listCatalogues } from './api/list-catalogues';
import { updateCatalogue } from './api/update-catalogue';

/** Where a dataset's catalogues stand. */
export type CataloguesStatus = 'loading' | 'ready' | 'error';

/** The dialog open over the tree: a new folder (under `parentId`), or a change to one folder. */
export type CatalogueDialog =
  { kind: 'create'; parentId: string | null } | { kind: 'rename' | 'move' | 'delete'; catalogue: Catalogue };

/** A page that shows a dataset's catalogues (detail, upload) was opened for that dataset. */
export const cataloguesOpened = createEvent<string>();
/** The user asked for the catalogues again after a failure. */
export const cataloguesRetryClicked = createEvent();
/** The user opened a dialog (new folder, rename, move, delete). */
export const catalogueDialogOpened = createEvent<CatalogueDialog>();
/** The dialog was closed without a change. */
export const catalogueDialogClosed = createEvent();
/** The user named a new folder. */
export const catalogueCreateSubmitted = createEvent<string>();
/** The user gave the folder a new name. */
export const catalogueRenameSubmitted = createEvent<string>();
/** The user picked the folder's new parent (`null`: the top). */
export const catalogueMoveSubmitted = createEvent<string | null>();
/** The user confirmed deleting the folder. */
export const catalogueDeleteConfirmed = createEvent();

export const loadCataloguesFx = createEffect(listCatalogues);
export const createCatalogueFx = createEffect(createCatalogue);
export const updateCatalogueFx = createEffect(updateCatalogue);
export const deleteCatalogueFx = createEffect(deleteCatalogue);

/** The dataset whose catalogues are on screen; answers for another one are dropped. */
export const $cataloguesDatasetId = createStore<string | null>(null, { skipVoid: false }).on(
  cataloguesOpened,
  (_, id) => id,
);
export const $catalogues = createStore<Catalogue[]>([]).reset(cataloguesOpened);
export const $catalogueTree = $catalogues.map(buildCatalogueTree);
export const $cataloguesStatus = createStore<CataloguesStatus>('loading');
export const $cataloguesFailure = createStore<Failure | null>(null, { skipVoid: false });

export const $catalogueDialog = createStore<CatalogueDialog | null>(null, { skipVoid: false })
  .on(catalogueDialogOpened, (_, dialog) => dialog)
  .reset(
    catalogueDialogClosed,
    cataloguesOpened,
    createCatalogueFx.done,
    updateCatalogueFx.done,
    deleteCatalogueFx.done,
  );
export const $catalogueChanging = combine(
  createCatalogueFx.pending,
  updateCatalogueFx.pending,
  deleteCatalogueFx.pending,
  (creating, updating, deleting) => creating || updating || deleting,
);
/** Why the last change was refused (a 409 when moving into itself), until the dialog changes. */
export const $catalogueChangeFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on([createCatalogueFx.failData, updateCatalogueFx.failData, deleteCatalogueFx.failData], (_, error) =>
    toFailure(error),
  )
  .reset(catalogueDialogOpened, catalogueDialogClosed, createCatalogueFx, updateCatalogueFx, deleteCatalogueFx);

sample({ clock: cataloguesOpened, fn: (): CataloguesStatus => 'loading', target: $cataloguesStatus });
sample({ clock: cataloguesOpened, target: loadCataloguesFx });
sample({
  clock: [cataloguesRetryClicked, createCatalogueFx.done, updateCatalogueFx.done, deleteCatalogueFx.done],
  source: $cataloguesDatasetId,
  filter: (id): id is string => id !== null,
  target: loadCataloguesFx,
});

const answered = sample({
  clock: loadCataloguesFx.done,
  source: $cataloguesDatasetId,
  filter: (id, { params }) => id === params,
  fn: (_, { result }) => result,
});
sample({ clock: answered, target: $catalogues });
sample({ clock: answered, fn: (): CataloguesStatus => 'ready', target: $cataloguesStatus });
sample({ clock: answered, fn: () => null, target: $cataloguesFailure });
const failed = sample({
  clock: loadCataloguesFx.fail,
  source: $cataloguesDatasetId,
  filter: (id, { params }) => id === params,
  fn: (_, { error }) => toFailure(error),
});
sample({ clock: failed, target: $cataloguesFailure });
// A failed reload keeps the tree on screen; only a first load that fails shows the error.
sample({
  clock: failed,
  source: $cataloguesStatus,
  filter: (status) => status !== 'ready',
  fn: (): CataloguesStatus => 'error',
  target: $cataloguesStatus,
});

/** Where a new folder goes while its dialog is open. */
const $createParent = $catalogueDialog.map(
  (dialog) => (dialog?.kind === 'create' ? { parentId: dialog.parentId } : null),
  { skipVoid: false },
);
const dialogCatalogue = (kind: 'rename' | 'move' | 'delete') =>
  $catalogueDialog.map((dialog) => (dialog && dialog.kind === kind ? dialog.catalogue : null), { skipVoid: false });
const $renamed = dialogCatalogue('rename');
const $moved = dialogCatalogue('move');
const $deleted = dialogCatalogue('delete');

type Change<Target> = { datasetId: string | null; target: Target | null; changing: boolean };
type ReadyChange<Target> = { datasetId: string; target: Target; changing: false };
/** A change may go: the dataset is known, its dialog is open, and no other change is on its way. */
function canChange<Target>(change: Change<Target>): change is ReadyChange<Target> {
  return change.datasetId !== null && change.target !== null && !change.changing;
}

sample({
  clock: catalogueCreateSubmitted,
  source: { datasetId: $cataloguesDatasetId, target: $createParent, changing: $catalogueChanging },
  filter: (
    change: Change<{ parentId: string | null }>,
    name: string,
  ): change is ReadyChange<{ parentId: string | null }> => canChange(change) && name.trim() !== '',
  fn: ({ datasetId, target }, name) => ({ datasetId, body: { name: name.trim(), parentId: target.parentId } }),
  target: createCatalogueFx,
});
sample({
  clock: catalogueRenameSubmitted,
  source: { datasetId: $cataloguesDatasetId, target: $renamed, changing: $catalogueChanging },
  filter: (change: Change<Catalogue>, name: string): change is ReadyChange<Catalogue> =>
    canChange(change) && name.trim() !== '',
  fn: ({ datasetId, target }, name) => ({ datasetId, catalogueId: target.id, body: { name: name.trim() } }),
  target: updateCatalogueFx,
});
sample({
  clock: catalogueMoveSubmitted,
  source: { datasetId: $cataloguesDatasetId, target: $moved, changing: $catalogueChanging },
  filter: (change: Change<Catalogue>, _parentId: string | null): change is ReadyChange<Catalogue> => canChange(change),
  fn: ({ datasetId, target }, parentId) => ({ datasetId, catalogueId: target.id, body: { parentId } }),
  target: updateCatalogueFx,
});
sample({
  clock: catalogueDeleteConfirmed,
  source: { datasetId: $cataloguesDatasetId, target: $deleted, changing: $catalogueChanging },
  filter: canChange<Catalogue>,
  fn: ({ datasetId, target }) => ({ datasetId, catalogueId: target.id }),
  target: deleteCatalogueFx,
});

sample({
  clock: createCatalogueFx.doneData,
  fn: (catalogue) => ({ id: 'datasets.catalogue.created', values: { name: catalogue.name } }),
  target: showSuccessFx,
});
sample({
  clock: updateCatalogueFx.done,
  fn: ({ params }) => ({ id: params.body.name ? 'datasets.catalogue.renamed' : 'datasets.catalogue.moved' }),
  target: showSuccessFx,
});
sample({ clock: deleteCatalogueFx.done, fn: () => ({ id: 'datasets.catalogue.deleted' }), target: showSuccessFx });
