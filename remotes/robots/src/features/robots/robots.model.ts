import { createEffect, createEvent, createStore, sample } from 'effector';
import { createPagedList, toFailure, type CreateRobotBody, type Failure, type ListRobotsQuery, type Robot, type Role } from '@flotilla/shared';
import { createRobot } from './api/create-robot';
import { deleteRobot } from './api/delete-robot';
import { listRobots } from './api/list-robots';

export const ROBOTS_PAGE_SIZE = 20;
export const SEARCH_DEBOUNCE_MS = 300;
/** Who sees the create and delete actions (comfort only: the server checks the role too). */
export const ROBOT_MANAGER_ROLES: readonly Role[] = ['admin', 'operator'];

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
/** Robots whose deletion is on its way (their delete buttons spin). */
export const $deletingIds = robotList.$deletingIds;

sample({
  clock: robotCreateSubmitted,
  source: $creating,
  filter: (creating) => !creating,
  fn: (_, body) => cleanCreateBody(body),
  target: createRobotFx,
});
// A new robot is listed first: back to the first page.
sample({ clock: createRobotFx.done, fn: () => 1, target: robotsPageChanged });

function cleanCreateBody(body: CreateRobotBody): CreateRobotBody {
  const description = body.description?.trim();
  return {
    name: body.name.trim(),
    ...(description ? { description } : {}),
    ...(body.type ? { type: body.type } : {}),
    ...(body.icon ? { icon: body.icon } : {}),
  };
}
