import { createEvent, sample } from 'effector';
import { createPagedList, type Case, type CaseStatus, type ListCasesQuery } from '@flotilla/shared';
import { listCases } from './api/list-cases';

export const CASES_PAGE_SIZE = 20;
export const SEARCH_DEBOUNCE_MS = 300;

/** The cases robots opened, filtered by keyword and status and paged on the server. */
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
/** The user cleared the search and the status filter. */
export const caseFiltersCleared = caseList.filtersCleared;
/** The user went to another page of the list. */
export const casesPageChanged = caseList.pageChanged;

export const loadCasesFx = caseList.loadPageFx;

/** What the list shows: page, keyword and status, sent to the server as they are. */
export const $query = caseList.$query;
export const $searchText = caseList.$searchText;
export const $keyword = caseList.$keyword;
export const $statusFilter = $query.map((query): CaseStatus | null => query.status ?? null, { skipVoid: false });
export const $hasFilters = $query.map((query) => Boolean(query.keyword || query.status));
export const $page = caseList.$page;

export const $cases = caseList.$items;
export const $total = caseList.$total;
export const $listStatus = caseList.$status;
export const $loadFailure = caseList.$failure;

sample({ clock: caseStatusFilterChanged, fn: (status) => ({ status }), target: caseList.filtersChanged });
