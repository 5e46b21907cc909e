import { createEffect, createEvent, createStore, sample } from 'effector';
import { CLONE_BATCH_LIMITS, toFailure, type CloneRobotsBatchBody, type Failure, type Task } from '@flotilla/shared';
import { cloneRobots } from './api/clone-robots';
import { listRobotOptions, type RobotOption } from './api/list-robot-options';

// Events: what the admin did.
/** "Clone robots to these users" clicked with the ticked users. */
export const cloneDialogOpened = createEvent<string[]>();
export const cloneDialogClosed = createEvent<void>();
export const robotsSearched = createEvent<string>();
export const robotsPicked = createEvent<string[]>();
export const cloneSubmitted = createEvent<void>();

// Effects: the calls.
export const loadRobotOptionsFx = createEffect<string, RobotOption[], Error>(listRobotOptions);
export const cloneRobotsFx = createEffect<CloneRobotsBatchBody, Task, Error>(cloneRobots);

// Stores.
export const $cloneOpen = createStore(false);
/** The users who will get the copies. */
export const $cloneUserIds = createStore<string[]>([]);
export const $robotOptions = createStore<RobotOption[]>([]);
/** Names of every robot picked so far (a search narrows the options, the picked ones keep their names). */
export const $robotNames = createStore<Record<string, string>>({});
export const $pickedRobotIds = createStore<string[]>([]);
export const $cloneError = createStore<Failure | null>(null);
export const $cloning = cloneRobotsFx.pending;
/** The task queued by this dialog (the dialog then shows the notice with a link to the task list). */
export const $queuedTask = createStore<Task | null>(null);

sample({ clock: cloneDialogOpened, fn: () => true, target: $cloneOpen });
sample({ clock: cloneDialogClosed, fn: () => false, target: $cloneOpen });
sample({
  clock: cloneDialogOpened,
  fn: (ids) => ids.slice(0, CLONE_BATCH_LIMITS.users),
  target: $cloneUserIds,
});
sample({ clock: cloneDialogOpened, fn: () => [], target: $pickedRobotIds });
sample({ clock: [cloneDialogOpened, cloneSubmitted], fn: () => null, target: [$cloneError, $queuedTask] });
sample({ clock: cloneDialogOpened, fn: () => '', target: loadRobotOptionsFx });
sample({ clock: robotsSearched, fn: (keyword) => keyword.trim(), target: loadRobotOptionsFx });
sample({ clock: loadRobotOptionsFx.doneData, target: $robotOptions });
sample({
  clock: loadRobotOptionsFx.doneData,
  source: $robotNames,
  fn: (names, options) => ({ ...names, ...Object.fromEntries(options.map((o) => [o.id, o.name])) }),
  target: $robotNames,
});
sample({ clock: robotsPicked, fn: (ids) => ids.slice(0, CLONE_BATCH_LIMITS.robots), target: $pickedRobotIds });
sample({
  clock: cloneSubmitted,
  source: { processIds: $pickedRobotIds, userIds: $cloneUserIds, cloning: $cloning },
  filter: ({ processIds, userIds, cloning }) => processIds.length > 0 && userIds.length > 0 && !cloning,
  fn: ({ processIds, userIds }) => ({ processIds, userIds }),
  target: cloneRobotsFx,
});
sample({ clock: cloneRobotsFx.doneData, target: $queuedTask });
sample({ clock: cloneRobotsFx.failData, fn: toFailure, target: $cloneError });
