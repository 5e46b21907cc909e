import { createEffect, createEvent, createStore, sample } from 'effector';
import {
  createPagedList,
  toFailure,
  type CreateRobotBody,
  type Failure,
  type ListRobotsQuery,
  type Robot,
} from '@flotilla/shared';
import { showSuccessFx } from '@flotilla/shared/ui';
import { cloneRobot } from '../robot-detail/api/clone-robot';
import { setRobotEnabled } from '../robot-detail/api/set-robot-enabled';
import { createIconField } from '../robot-form/robot-form.model';
import { bindTagsFx, deleteTagFx, renameTagFx } from '../robot-tags/robot-tags.model';
import { createRobot } from './api/create-robot';
import { deleteRobot } from './api/delete-robot';
import { listRobots } from './api/list-robots';

export const ROBOTS_PAGE_SIZE = 20;
export const SEARCH_DEBOUNCE_MS = 300;

/** The robots of the tenant, searched and paged on the server. */
export const robotList = createPagedList<ListRobotsQuery, Robot>({
  fetchPage: listRobots,
  itemKey: (robot) => robot.processId,
  deleteItem: (robot) => deleteRobot(robot.processId),
  pageSize: ROBOTS_PAGE_SIZE,
  debounceMs: SEARCH_DEBOUNCE_MS,
});

/** The robot list page was opened. */
export const robotsPageOpened = robotList.pageOpened;
/** The user asked to load the list again after a failure. */
export const robotsRetryClicked = robotList.reloadRequested;
/** The search box text changed (the list follows after a short pause). */
export const robotSearchChanged = robotList.keywordChanged;
/** The user went to another page of the list. */
export const robotsPageChanged = robotList.pageChanged;
/** The create form was asked for. */
export const robotCreateClicked = createEvent();
/** The create form was closed without creating. */
export const robotCreateCancelled = createEvent();
/** The create form passed its checks and was sent. */
export const robotCreateSubmitted = createEvent<CreateRobotBody>();
/** The user confirmed deleting a robot. */
export const robotDeleteConfirmed = robotList.deleteConfirmed;

export const loadRobotsFx = robotList.loadPageFx;
export const createRobotFx = createEffect(createRobot);
export const deleteRobotFx = robotList.deleteItemFx;

/** What the list shows: page and keyword, sent to the server as they are. */
export const $query = robotList.$query;
export const $searchText = robotList.$searchText;
export const $keyword = robotList.$keyword;
export const $page = robotList.$page;
export const $robots = robotList.$items;
export const $total = robotList.$total;
export const $listStatus = robotList.$status;
export const $loadFailure = robotList.$failure;

export const $createOpen = createStore(false)
  .on(robotCreateClicked, () => true)
  .on(robotCreateCancelled, () => false)
  .on(createRobotFx.done, () => false)
  .reset(robotsPageOpened);
export const $createFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on(createRobotFx.failData, (_, error) => toFailure(error))
  .reset(robotCreateClicked, robotCreateCancelled, createRobotFx);
export const $creating = createRobotFx.pending;
/** The page opened the robot just created (its detail page). */
export const createdRobotOpened = createEvent();
/** The robot just created, for the page to open; cleared once opened. */
export const $createdRobot = createStore<Robot | null>(null, { skipVoid: false })
  .on(createRobotFx.doneData, (_, robot) => robot)
  .reset(createdRobotOpened);
/** Robots whose deletion is on its way (their delete buttons spin). */
export const $deletingIds = robotList.$deletingIds;

/** The tag filter changed (`null`: robots with any tag or none). */
export const robotTagFilterChanged = createEvent<string | null>();
/** The user turned a robot of the list on (`true`, at once) or off (`false`, confirmed). */
export const robotRowEnabledToggled = createEvent<{ robot: Robot; enabled: boolean }>();
/** The user confirmed copying a robot of the list. */
export const robotRowCloneConfirmed = createEvent<Robot>();

export const setRowEnabledFx = createEffect(setRobotEnabled);
export const cloneRowFx = createEffect(cloneRobot);

/** The new robot's icon, emptied whenever the form opens, closes or has created its robot. */
export const newRobotIcon = createIconField({
  resetOn: [robotCreateClicked, robotCreateCancelled, createRobotFx.done],
});
/** The tag the list is filtered by, `null` for none. */
export const $tagFilter = $query.map((query) => query.tagId ?? null);
/** Robots of the list with an enable, disable or clone on its way. */
export const $rowBusyIds = createStore<string[]>([])
  .on(setRowEnabledFx, (ids, { processId }) => [...ids, processId])
  .on(cloneRowFx, (ids, processId) => [...ids, processId])
  .on(setRowEnabledFx.finally, (ids, { params }) => ids.filter((id) => id !== params.processId))
  .on(cloneRowFx.finally, (ids, { params }) => ids.filter((id) => id !== params));
/** Why a robot of the list was not enabled, disabled or cloned, until the next try. */
export const $rowFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on([setRowEnabledFx.failData, cloneRowFx.failData], (_, error) => toFailure(error))
  .reset(robotsPageOpened, robotRowEnabledToggled, robotRowCloneConfirmed);

sample({
  clock: robotCreateSubmitted,
  source: { creating: $creating, uploading: newRobotIcon.$uploading, icon: newRobotIcon.$icon },
  filter: ({ creating, uploading }) => !creating && !uploading,
  fn: ({ icon }, body) => cleanCreateBody(icon ? { ...body, icon } : body),
  target: createRobotFx,
});
// A new robot is listed first: back to the first page.
sample({ clock: createRobotFx.done, fn: () => 1, target: robotsPageChanged });

sample({
  clock: robotRowEnabledToggled,
  source: $rowBusyIds,
  filter: (busy, { robot }) => !busy.includes(robot.processId),
  fn: (_, { robot, enabled }) => ({ processId: robot.processId, enabled }),
  target: setRowEnabledFx,
});
sample({ clock: setRowEnabledFx.done, target: robotList.reloadRequested });
sample({
  clock: setRowEnabledFx.done,
  fn: ({ params }) => ({ id: params.enabled ? 'robots.detail.enabled' : 'robots.detail.disabled' }),
  target: showSuccessFx,
});
sample({
  clock: robotRowCloneConfirmed,
  source: $rowBusyIds,
  filter: (busy, robot) => !busy.includes(robot.processId),
  fn: (_, robot) => robot.processId,
  target: cloneRowFx,
});
// The copy is listed first: back to the first page.
sample({ clock: cloneRowFx.done, fn: () => 1, target: robotsPageChanged });
sample({ clock: cloneRowFx.done, fn: () => ({ id: 'robots.detail.cloned' }), target: showSuccessFx });

sample({ clock: robotTagFilterChanged, fn: (tagId) => ({ tagId }), target: robotList.filtersChanged });
// Tag names show in the rows: a renamed tag or a robot's new tags load the page again. A deleted
// tag the list was filtered by leaves nothing to filter by: the filter goes.
sample({ clock: [renameTagFx.done, bindTagsFx.done], target: robotList.reloadRequested });
sample({
  clock: deleteTagFx.done,
  source: $tagFilter,
  filter: (tagId, { params }) => tagId === params.id,
  fn: () => ({ tagId: null }),
  target: robotList.filtersChanged,
});
sample({
  clock: deleteTagFx.done,
  source: $tagFilter,
  filter: (tagId, { params }) => tagId !== params.id,
  target: robotList.reloadRequested,
});

function cleanCreateBody(body: CreateRobotBody): CreateRobotBody {
  const description = body.description?.trim();
  return {
    name: body.name.trim(),
    ...(description ? { description } : {}),
    ...(body.type ? { type: body.type } : {}),
    ...(body.icon ? { icon: body.icon } : {}),
  };
}
