import { createEffect, createEvent, createStore, sample } from 'effector';
import { toFailure, type CreateRobotBody, type Failure, type ListRobotsQuery, type Robot, type RobotListResponse, type Role } from '@flotilla/shared';
import { createRobot } from './api/create-robot';
import { deleteRobot } from './api/delete-robot';
import { listRobots } from './api/list-robots';

export const ROBOTS_PAGE_SIZE = 20;
export const SEARCH_DEBOUNCE_MS = 300;
/** Who sees the create and delete actions (comfort only: the server checks the role too). */
export const ROBOT_MANAGER_ROLES: readonly Role[] = ['admin', 'operator'];

export type ListStatus = 'idle' | 'loading' | 'ready' | 'error';

/** The robot list page was opened. */
export const robotsPageOpened = createEvent();
/** The user asked to load the list again after a failure. */
export const robotsRetryClicked = createEvent();
/** The search box text changed (the list follows after a short pause). */
export const robotSearchChanged = createEvent<string>();
/** The user went to another page of the list. */
export const robotsPageChanged = createEvent<number>();
/** The create form was asked for. */
export const robotCreateClicked = createEvent();
/** The create form was closed without creating. */
export const robotCreateCancelled = createEvent();
/** The create form passed its checks and was sent. */
export const robotCreateSubmitted = createEvent<CreateRobotBody>();
/** The user confirmed deleting a robot. */
export const robotDeleteConfirmed = createEvent<Robot>();

const queryChanged = createEvent<ListRobotsQuery>();
const robotsLoaded = createEvent<RobotListResponse>();
const robotsLoadFailed = createEvent<Failure>();

export const loadRobotsFx = createEffect(listRobots);
export const createRobotFx = createEffect(createRobot);
export const deleteRobotFx = createEffect((robot: Robot) => deleteRobot(robot.processId));
/** Resolves with the typed text once the user has paused; older texts are dropped below. */
const searchSettledFx = createEffect(
  (text: string) => new Promise<string>((resolve) => setTimeout(() => resolve(text), SEARCH_DEBOUNCE_MS)),
);

/** What the list shows: page and keyword, sent to the server as they are. */
export const $query = createStore<ListRobotsQuery>({ offset: 0, limit: ROBOTS_PAGE_SIZE }).on(queryChanged, (_, query) => query);
export const $searchText = createStore('').on(robotSearchChanged, (_, text) => text);
export const $keyword = $query.map((query) => query.keyword ?? '');
export const $page = $query.map((query) => Math.floor(query.offset / query.limit) + 1);

export const $robots = createStore<Robot[]>([])
  .on(robotsLoaded, (_, { list }) => list)
  .on(deleteRobotFx.done, (robots, { params }) => robots.filter((robot) => robot.processId !== params.processId));
export const $total = createStore(0)
  .on(robotsLoaded, (_, { total }) => total)
  .on(deleteRobotFx.done, (total) => Math.max(0, total - 1));
export const $listStatus = createStore<ListStatus>('idle')
  .on(loadRobotsFx, () => 'loading')
  .on(robotsLoaded, () => 'ready')
  .on(robotsLoadFailed, () => 'error');
export const $loadFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on(robotsLoadFailed, (_, failure) => failure)
  .reset(robotsLoaded);

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
export const $deletingIds = createStore<string[]>([])
  .on(deleteRobotFx, (ids, robot) => [...ids, robot.processId])
  .on(deleteRobotFx.finally, (ids, { params }) => ids.filter((id) => id !== params.processId));

sample({ clock: [robotsPageOpened, robotsRetryClicked, queryChanged], source: $query, target: loadRobotsFx });

// Only the answer to the query on screen counts: a slower answer to an older query is dropped.
sample({
  clock: loadRobotsFx.done,
  source: $query,
  filter: (query, { params }) => query === params,
  fn: (_, { result }) => result,
  target: robotsLoaded,
});
sample({
  clock: loadRobotsFx.fail,
  source: $query,
  filter: (query, { params }) => query === params,
  fn: (_, { error }) => toFailure(error),
  target: robotsLoadFailed,
});

sample({ clock: robotSearchChanged, target: searchSettledFx });
sample({
  clock: searchSettledFx.doneData,
  source: { text: $searchText, query: $query },
  filter: ({ text, query }, settled) => text === settled && settled.trim() !== (query.keyword ?? ''),
  fn: ({ query }, settled) => withKeyword(query, settled.trim()),
  target: queryChanged,
});

sample({
  clock: robotsPageChanged,
  source: $query,
  fn: (query, page) => ({ ...query, offset: Math.max(0, page - 1) * query.limit }),
  target: queryChanged,
});

sample({
  clock: robotCreateSubmitted,
  source: $creating,
  filter: (creating) => !creating,
  fn: (_, body) => cleanCreateBody(body),
  target: createRobotFx,
});
// A new robot is listed first: back to the first page.
sample({ clock: createRobotFx.done, source: $query, fn: (query) => ({ ...query, offset: 0 }), target: queryChanged });

sample({
  clock: robotDeleteConfirmed,
  source: $deletingIds,
  filter: (ids, robot) => !ids.includes(robot.processId),
  fn: (_, robot) => robot,
  target: deleteRobotFx,
});
// Reload the page; when its last row went, show the previous page.
sample({
  clock: deleteRobotFx.done,
  source: { query: $query, robots: $robots },
  fn: ({ query, robots }) =>
    robots.length === 0 && query.offset > 0 ? { ...query, offset: Math.max(0, query.offset - query.limit) } : { ...query },
  target: queryChanged,
});

function withKeyword(query: ListRobotsQuery, keyword: string): ListRobotsQuery {
  const { keyword: _previous, ...rest } = query;
  return keyword ? { ...rest, keyword, offset: 0 } : { ...rest, offset: 0 };
}

function cleanCreateBody(body: CreateRobotBody): CreateRobotBody {
  const description = body.description?.trim();
  return {
    name: body.name.trim(),
    ...(description ? { description } : {}),
    ...(body.type ? { type: body.type } : {}),
    ...(body.icon ? { icon: body.icon } : {}),
  };
}
