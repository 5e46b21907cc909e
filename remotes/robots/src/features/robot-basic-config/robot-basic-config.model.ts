import { createEffect, createEvent, createStore, sample } from 'effector';
import {
  toFailure,
  type BasicConfig,
  type Database,
  type Dataset,
  type Failure,
  type ModelOption,
  type UpdateBasicConfigBody,
} from '@flotilla/shared';
import { createSettingsTab } from '../../lib/settings-tab';
import type { RobotRef } from '../../lib/robot-ref';
import { getBasicConfig } from './api/get-basic-config';
import { listDatabases, listDatasets, listModels } from '../../lib/robot-sources';
import { setDbSearch } from './api/set-db-search';
import { setLibrarySearch } from './api/set-library-search';
import { updateBasicConfig } from './api/update-basic-config';

/** A robot's model, prompt and knowledge, loaded when its tab opens. */
export const basicConfig = createSettingsTab<BasicConfig, UpdateBasicConfigBody>({
  load: (robot) => getBasicConfig(robot.processId),
  save: ({ robot, body }) => updateBasicConfig({ processId: robot.processId, body }),
  savedMessageId: 'robots.basic.saved',
});

/** The basic config tab was opened for a robot. */
export const basicConfigOpened = basicConfig.opened;
/** The user asked to load the config again after a failure. */
export const basicConfigRetryClicked = basicConfig.retryClicked;
/** The form passed its checks and was sent. */
export const basicConfigSubmitted = basicConfig.submitted;
/** The library search switch was flipped. */
export const librarySearchToggled = createEvent<boolean>();
/** The database search switch was flipped. */
export const dbSearchToggled = createEvent<boolean>();

export const loadBasicConfigFx = basicConfig.loadFx;
export const saveBasicConfigFx = basicConfig.saveFx;
export const loadModelsFx = createEffect((robot: RobotRef) => listModels(robot.adminId));
export const loadDatasetsFx = createEffect(listDatasets);
export const loadDatabasesFx = createEffect(listDatabases);
export const setLibrarySearchFx = createEffect(({ robot, enabled }: { robot: RobotRef; enabled: boolean }) =>
  setLibrarySearch({ processId: robot.processId, enabled }),
);
export const setDbSearchFx = createEffect(({ robot, enabled }: { robot: RobotRef; enabled: boolean }) =>
  setDbSearch({ processId: robot.processId, enabled }),
);

export const $basicConfig = basicConfig.$value;
export const $basicStatus = basicConfig.$status;
export const $basicLoadFailure = basicConfig.$loadFailure;
export const $basicSaveFailure = basicConfig.$saveFailure;
export const $basicSaving = basicConfig.$saving;
export const $basicLoadCount = basicConfig.$loadCount;
/** The models the robot may use (the model select's options). */
export const $models = createStore<ModelOption[]>([]).on(loadModelsFx.doneData, (_, models) => models);
/** The tenant's datasets (the dataset select's options). */
export const $datasets = createStore<Dataset[]>([]).on(loadDatasetsFx.doneData, (_, page) => page.list);
/** The tenant's databases (the database select's options). */
export const $databases = createStore<Database[]>([]).on(loadDatabasesFx.doneData, (_, page) => page.list);
export const $modelsLoading = loadModelsFx.pending;
export const $datasetsLoading = loadDatasetsFx.pending;
export const $databasesLoading = loadDatabasesFx.pending;
/** Why a search switch could not be flipped, until the next flip or save. */
export const $switchFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on([setLibrarySearchFx.failData, setDbSearchFx.failData], (_, error) => toFailure(error))
  .reset(basicConfigOpened, librarySearchToggled, dbSearchToggled, basicConfigSubmitted);
export const $switching = createStore(false)
  .on([setLibrarySearchFx, setDbSearchFx], () => true)
  .on([setLibrarySearchFx.finally, setDbSearchFx.finally], () => false);

sample({ clock: basicConfigOpened, target: [loadModelsFx, loadDatasetsFx, loadDatabasesFx] });

sample({
  clock: librarySearchToggled,
  source: basicConfig.$robot,
  filter: (robot: RobotRef | null, _enabled: boolean): robot is RobotRef => robot !== null,
  fn: (robot, enabled) => ({ robot, enabled }),
  target: setLibrarySearchFx,
});
sample({
  clock: dbSearchToggled,
  source: basicConfig.$robot,
  filter: (robot: RobotRef | null, _enabled: boolean): robot is RobotRef => robot !== null,
  fn: (robot, enabled) => ({ robot, enabled }),
  target: setDbSearchFx,
});
// A switch answers the whole config: keep it (only for the robot on screen).
sample({
  clock: [setLibrarySearchFx.done, setDbSearchFx.done],
  source: basicConfig.$robot,
  filter: (robot, { params }) => robot?.processId === params.robot.processId,
  fn: (_, { params, result }) => ({ robot: params.robot, value: result }),
  target: basicConfig.valueReceived,
});
