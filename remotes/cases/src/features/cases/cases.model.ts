import { createEffect, createEvent, createStore, sample } from 'effector';
import { createPagedList, type Case, type CaseStatus, type ListCasesQuery } from '@flotilla/shared';
import type { InstantRange } from '../../lib/day-range';
import { listCases } from './api/list-cases';
import { listRobotOptions } from './api/list-robot-options';
import { listTeamOptions } from './api/list-team-options';

export const CASES_PAGE_SIZE = 20;
export const SEARCH_DEBOUNCE_MS = 300;

/** A choice of a filter's picker: an id and what the user reads. */
export type FilterOption = { id: string; name: string };

/** The cases the caller may see, filtered by robot, team, status, creation time and keyword, paged on the server. */
export const caseList = createPagedList<ListCasesQuery, Case>({
  fetchPage: listCases,
  itemKey: (item) => item.id,
  pageSize: CASES_PAGE_SIZE,
  debounceMs: SEARCH_DEBOUNCE_MS,
});

/** The case list page was opened. */
export const casesPageOpened = caseList.pageOpened;
/** The user asked to load the list again after a failure. */
export const casesRetryClicked = caseList.reloadRequested;
/** The search box text changed (the list follows after a short pause). */
export const caseSearchChanged = caseList.keywordChanged;
/** The user picked a status to show, or all of them (`null`). */
export const caseStatusFilterChanged = createEvent<CaseStatus | null>();
/** The user picked a robot whose cases to show, or all of them (`null`). */
export const caseRobotFilterChanged = createEvent<string | null>();
/** The user picked a team whose cases to show, or all of them (`null`). */
export const caseTeamFilterChanged = createEvent<string | null>();
/** The user picked the days the cases were opened in, or cleared them (`null`). */
export const caseDateRangeChanged = createEvent<InstantRange | null>();
/** The user cleared the search and every filter. */
export const caseFiltersCleared = caseList.filtersCleared;
/** The user went to another page of the list. */
export const casesPageChanged = caseList.pageChanged;

export const loadCasesFx = caseList.loadPageFx;
export const loadRobotOptionsFx = createEffect(listRobotOptions);
export const loadTeamOptionsFx = createEffect(listTeamOptions);

/** What the list shows: page, keyword and filters, sent to the server as they are. */
export const $query = caseList.$query;
export const $searchText = caseList.$searchText;
export const $keyword = caseList.$keyword;
export const $statusFilter = $query.map((query): CaseStatus | null => query.status ?? null, { skipVoid: false });
export const $robotFilter = $query.map((query) => query.processId ?? null, { skipVoid: false });
export const $teamFilter = $query.map((query) => query.teamId ?? null, { skipVoid: false });
export const $dateRange = $query.map(
  (query): InstantRange | null => (query.from && query.to ? { from: query.from, to: query.to } : null),
  { skipVoid: false },
);
export const $hasFilters = $query.map((query) =>
  Boolean(query.keyword || query.status || query.processId || query.teamId || query.from || query.to),
);
export const $page = caseList.$page;

export const $cases = caseList.$items;
export const $total = caseList.$total;
export const $listStatus = caseList.$status;
export const $loadFailure = caseList.$failure;

/** The robots the robot filter offers; empty until loaded (or when they failed to load: the filter stays usable). */
export const $robotOptions = createStore<FilterOption[]>([]).on(loadRobotOptionsFx.doneData, (_, robots) =>
  robots.map(({ processId, name }) => ({ id: processId, name })),
);

/** The teams the team filter offers; empty until loaded (or when they failed to load). */
export const $teamOptions = createStore<FilterOption[]>([]).on(loadTeamOptionsFx.doneData, (_, teams) => teams);

sample({ clock: casesPageOpened, target: [loadRobotOptionsFx, loadTeamOptionsFx] });
sample({ clock: caseStatusFilterChanged, fn: (status) => ({ status }), target: caseList.filtersChanged });
sample({ clock: caseRobotFilterChanged, fn: (processId) => ({ processId }), target: caseList.filtersChanged });
sample({ clock: caseTeamFilterChanged, fn: (teamId) => ({ teamId }), target: caseList.filtersChanged });
sample({
  clock: caseDateRangeChanged,
  fn: (range) => ({ from: range?.from ?? null, to: range?.to ?? null }),
  target: caseList.filtersChanged,
});
