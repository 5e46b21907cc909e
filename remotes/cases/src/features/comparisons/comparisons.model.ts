import { createEffect, createEvent, createStore, sample } from 'effector';
import {
  createPagedList,
  toFailure,
  type ComparisonDetail,
  type ComparisonStatus,
  type ComparisonSummary,
  type Failure,
  type ListComparisonsQuery,
  type StartComparisonBody,
} from '@flotilla/shared';
import { showSuccessFx } from '@flotilla/shared/ui';
import { deleteComparison } from './api/delete-comparison';
import { getComparison } from './api/get-comparison';
import { listComparisons } from './api/list-comparisons';
import { listQuestionFiles, listRobotChoices, type Choice } from './api/list-comparison-choices';
import { restartComparison } from './api/restart-comparison';
import { startComparison } from './api/start-comparison';

export const COMPARISONS_PAGE_SIZE = 20;
/** How often an open comparison that is still running is read again. */
export const DETAIL_POLL_MS = 2000;

/** The tenant's comparisons, filtered by status and name, paged on the server. */
export const comparisonList = createPagedList<ListComparisonsQuery, ComparisonSummary>({
  fetchPage: listComparisons,
  itemKey: (item) => item.id,
  deleteItem: (item) => deleteComparison(item.id),
  pageSize: COMPARISONS_PAGE_SIZE,
});

/** The comparisons page was opened (the list, and the choices of the new-comparison dialog). */
export const comparisonsPageOpened = createEvent();
/** The user picked a status to show, or all of them (`null`). */
export const comparisonStatusFilterChanged = createEvent<ComparisonStatus | null>();
/** A comparison was opened (`?id=`), or closed (`null`). */
export const comparisonOpened = createEvent<string | null>();
/** The user asked for the open comparison again (after a failure). */
export const comparisonRetryClicked = createEvent();
/** The user asked to run the open comparison again. */
export const comparisonRestartClicked = createEvent<string>();
/** The user confirmed deleting the open comparison. */
export const comparisonDeleteClicked = createEvent<string>();
/** The user opened or closed the new-comparison dialog. */
export const newComparisonToggled = createEvent<boolean>();
/** The user submitted the new-comparison dialog. */
export const newComparisonSubmitted = createEvent<StartComparisonBody>();

export const loadComparisonFx = createEffect(getComparison);
export const startComparisonFx = createEffect(startComparison);
export const restartComparisonFx = createEffect(restartComparison);
export const deleteComparisonFx = createEffect(deleteComparison);
export const loadRobotChoicesFx = createEffect(listRobotChoices);
export const loadQuestionFilesFx = createEffect(listQuestionFiles);
/** Waits before a running comparison is read again. */
const pollWaitFx = createEffect(
  (id: string) => new Promise<string>((resolve) => setTimeout(() => resolve(id), DETAIL_POLL_MS)),
);

export const $statusFilter = comparisonList.$query.map((query) => query.status ?? null, { skipVoid: false });

/** The id of the comparison on screen (`?id=`), or null for the list. */
export const $openId = createStore<string | null>(null).on(comparisonOpened, (_, id) => id);
export const $detail = createStore<ComparisonDetail | null>(null)
  .on(loadComparisonFx.done, (current, { params, result }) => (params === result.id ? result : current))
  .on(comparisonOpened, (current, id) => (current?.id === id ? current : null));
export const $detailFailure = createStore<Failure | null>(null)
  .on(loadComparisonFx.failData, (_, error) => toFailure(error))
  .on([loadComparisonFx.done, comparisonOpened], () => null);
export const $detailLoading = loadComparisonFx.pending;
export const $restarting = restartComparisonFx.pending;
export const $deleting = deleteComparisonFx.pending;

export const $newOpen = createStore(false)
  .on(newComparisonToggled, (_, open) => open)
  .on(startComparisonFx.done, () => false);
export const $starting = startComparisonFx.pending;
/** Why the last start failed (shown in the dialog); cleared when the dialog opens or a start succeeds. */
export const $startFailure = createStore<Failure | null>(null)
  .on(startComparisonFx.failData, (_, error) => toFailure(error))
  .on([newComparisonToggled, startComparisonFx.done], () => null);
/** The comparison last started here: the page opens it. */
export const $started = createStore<string | null>(null).on(startComparisonFx.doneData, (_, { id }) => id);
/** The comparison last deleted from its detail: the page goes back to the list. */
export const $deleted = createStore<string | null>(null).on(deleteComparisonFx.done, (_, { params }) => params);

export const $robotChoices = createStore<Choice[]>([]).on(loadRobotChoicesFx.doneData, (_, robots) => robots);
export const $fileChoices = createStore<Choice[]>([]).on(loadQuestionFilesFx.doneData, (_, files) => files);

const stillRunning = (detail: ComparisonDetail) => detail.status === 'queued' || detail.status === 'running';

sample({ clock: comparisonsPageOpened, target: comparisonList.pageOpened });
sample({ clock: newComparisonToggled, filter: Boolean, target: [loadRobotChoicesFx, loadQuestionFilesFx] });
sample({
  clock: comparisonStatusFilterChanged,
  fn: (status) => ({ status }),
  target: comparisonList.filtersChanged,
});
sample({ clock: comparisonOpened, filter: (id): id is string => id !== null, target: loadComparisonFx });
sample({
  clock: comparisonRetryClicked,
  source: $openId,
  filter: (id): id is string => id !== null,
  target: loadComparisonFx,
});
// A queued or running comparison on screen is read again after a pause, as long as it stays open.
sample({ clock: loadComparisonFx.doneData, filter: stillRunning, fn: (detail) => detail.id, target: pollWaitFx });
sample({
  clock: pollWaitFx.doneData,
  source: $openId,
  filter: (open, id) => open === id,
  fn: (_, id) => id,
  target: loadComparisonFx,
});

sample({ clock: newComparisonSubmitted, target: startComparisonFx });
sample({ clock: startComparisonFx.done, target: comparisonList.reloadRequested });
sample({ clock: startComparisonFx.done, fn: () => ({ id: 'cases.comparisons.started' }), target: showSuccessFx });

sample({ clock: comparisonRestartClicked, target: restartComparisonFx });
sample({ clock: restartComparisonFx.done, fn: ({ params }) => params, target: loadComparisonFx });
sample({ clock: restartComparisonFx.done, target: comparisonList.reloadRequested });

sample({ clock: comparisonDeleteClicked, target: deleteComparisonFx });
sample({ clock: deleteComparisonFx.done, target: comparisonList.reloadRequested });
sample({ clock: deleteComparisonFx.done, fn: () => ({ id: 'cases.comparisons.deleted' }), target: showSuccessFx });
