import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import {
  createPagedList,
  toFailure,
  type BusinessScene,
  type Database,
  type Dataset,
  type Failure,
  type ListBusinessScenesQuery,
  type Robot,
  type SceneRobot,
  type SceneTemplate,
  type SceneValues,
} from '@flotilla/shared';
import { showSuccessFx } from '@flotilla/shared/ui';
import { listDatabases, listDatasets } from '../../lib/robot-sources';
import { createBusinessScene } from './api/create-business-scene';
import { getBusinessScene } from './api/get-business-scene';
import { listBusinessScenes } from './api/list-business-scenes';
import { listSceneTemplates } from './api/list-scene-templates';
import { updateBusinessScene } from './api/update-business-scene';

/** What the scene form sends: the robot's name and the template's fields. */
export type SceneFormValues = { name: string; values: SceneValues };
/** The tenant's datasets and databases, the options of the form's id fields. */
export type SceneSources = {
  datasets: Dataset[];
  datasetsLoading: boolean;
  databases: Database[];
  databasesLoading: boolean;
};

/** The tenant's scene robots, searched and paged on the server. */
export const sceneList = createPagedList<ListBusinessScenesQuery, SceneRobot>({
  fetchPage: listBusinessScenes,
  itemKey: (row) => row.robot.processId,
});

/** The search text of the list on screen (`''` without one). */
export const $keyword = sceneList.$keyword;
/** The scene list page was opened. */
export const sceneListOpened = sceneList.pageOpened;
/** The create page was opened: a template is to be picked. */
export const sceneCreateOpened = createEvent();
/** The edit page was opened for a scene robot. */
export const sceneEditOpened = createEvent<string>();
/** The user asked to load the page again after a failure. */
export const sceneRetryClicked = createEvent();
/** A template was picked on the create page. */
export const templatePicked = createEvent<string>();
/** The user went back to the templates from the create form. */
export const templateChangeClicked = createEvent();
/** The form passed its checks and was sent. */
export const sceneSubmitted = createEvent<SceneFormValues>();
/** The page opened the robot just created. */
export const createdSceneOpened = createEvent();

export const loadTemplatesFx = createEffect(listSceneTemplates);
export const loadDatasetsFx = createEffect(listDatasets);
export const loadDatabasesFx = createEffect(listDatabases);
export const loadSceneFx = createEffect(getBusinessScene);
export const createSceneFx = createEffect(createBusinessScene);
export const updateSceneFx = createEffect(updateBusinessScene);

/** The offered templates (also how the list names a robot's template). */
export const $templates = createStore<SceneTemplate[]>([]).on(loadTemplatesFx.doneData, (_, list) => list);
/** The tenant's datasets (a datasets field's options). */
export const $datasets = createStore<Dataset[]>([]).on(loadDatasetsFx.doneData, (_, page) => page.list);
export const $datasetsLoading = loadDatasetsFx.pending;
/** The tenant's databases (a databases field's options). */
export const $databases = createStore<Database[]>([]).on(loadDatabasesFx.doneData, (_, page) => page.list);
/** Both lists a form's id fields choose from, with whether each is still loading. */
export const $sceneSources = combine({
  datasets: $datasets,
  datasetsLoading: $datasetsLoading,
  databases: $databases,
  databasesLoading: loadDatabasesFx.pending,
});
/** The scene robot being edited; null on the create page. */
export const $editedId = createStore<string | null>(null, { skipVoid: false })
  .on(sceneEditOpened, (_, processId) => processId)
  .reset(sceneCreateOpened);
/** The edited scene as last loaded or saved. */
export const $scene = createStore<BusinessScene | null>(null, { skipVoid: false })
  .on([loadSceneFx.doneData, updateSceneFx.doneData], (_, scene) => scene)
  .reset(sceneCreateOpened, sceneEditOpened);
const $pickedTemplateId = createStore<string | null>(null, { skipVoid: false })
  .on(templatePicked, (_, id) => id)
  .on(loadSceneFx.doneData, (_, scene) => scene.templateId)
  .reset(sceneCreateOpened, sceneEditOpened, templateChangeClicked);
/** The template whose form is on screen. */
export const $pickedTemplate = combine(
  $templates,
  $pickedTemplateId,
  (templates, id) => templates.find((template) => template.id === id) ?? null,
);
/** Why the templates or the scene could not be loaded, until the next try. */
export const $loadFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on([loadTemplatesFx.failData, loadSceneFx.failData], (_, error) => toFailure(error))
  .reset(sceneCreateOpened, sceneEditOpened, sceneRetryClicked);
export const $loading = combine(loadTemplatesFx.pending, loadSceneFx.pending, (templates, scene) => templates || scene);
/** Why the last create or save was refused, until the next one. */
export const $saveFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on([createSceneFx.failData, updateSceneFx.failData], (_, error) => toFailure(error))
  .reset(sceneCreateOpened, sceneEditOpened, templatePicked, templateChangeClicked, sceneSubmitted);
export const $saving = combine(
  createSceneFx.pending,
  updateSceneFx.pending,
  (creating, updating) => creating || updating,
);
/** The robot just created, for the page to open; cleared once opened. */
export const $createdRobot = createStore<Robot | null>(null, { skipVoid: false })
  .on(createSceneFx.doneData, (_, robot) => robot)
  .reset(createdSceneOpened, sceneCreateOpened);
/** Counts the form's fresh starts (a template picked, a scene loaded or saved), to key it. */
export const $formVersion = createStore(0).on(
  [templatePicked, loadSceneFx.done, updateSceneFx.done],
  (version) => version + 1,
);

sample({
  clock: [sceneCreateOpened, sceneEditOpened, sceneRetryClicked],
  target: [loadTemplatesFx, loadDatasetsFx, loadDatabasesFx],
});
sample({ clock: sceneEditOpened, target: loadSceneFx });
sample({
  clock: sceneRetryClicked,
  source: $editedId,
  filter: (id): id is string => id !== null,
  target: loadSceneFx,
});
// The list names each robot's template.
sample({ clock: sceneListOpened, target: loadTemplatesFx });

sample({
  clock: sceneSubmitted,
  source: { editedId: $editedId, template: $pickedTemplate, saving: $saving },
  filter: ({ editedId, template, saving }) => editedId === null && template !== null && !saving,
  fn: ({ template }, { name, values }) => ({ templateId: template?.id ?? '', name: name.trim(), values }),
  target: createSceneFx,
});
sample({
  clock: sceneSubmitted,
  source: { editedId: $editedId, saving: $saving },
  filter: ({ editedId, saving }) => editedId !== null && !saving,
  fn: ({ editedId }, { name, values }) => ({ processId: editedId ?? '', body: { name: name.trim(), values } }),
  target: updateSceneFx,
});
sample({ clock: updateSceneFx.done, fn: () => ({ id: 'robots.scenes.saved' }), target: showSuccessFx });
