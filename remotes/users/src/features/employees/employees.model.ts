import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import {
  toFailure,
  type CreateUserBody,
  type Failure,
  type ListUsersQuery,
  type User,
  type UserListResponse,
} from '@flotilla/shared';
import { showSuccessFx } from '@flotilla/shared/ui';
import { createUser } from './api/create-user';
import { freezeUser } from './api/freeze-user';
import { listUsers } from './api/list-users';
import { unfreezeUser } from './api/unfreeze-user';
import { deleteUserFx, updateUserFx } from '../user-manage/user-manage.model';
import {
  DEFAULT_PAGE_SIZE,
  NO_FILTERS,
  phoneDigits,
  sameQuery,
  toListQuery,
  type AgentFilter,
  type EmployeeFilters,
  type EmployeePage,
  type EmployeeSort,
  type RoleFilter,
  type StatusFilter,
} from './lib/list-query';

// Events: what happened on the page.
export const employeeListOpened = createEvent<void>();
export const keywordSearched = createEvent<string>();
export const roleFilterChanged = createEvent<RoleFilter>();
export const statusFilterChanged = createEvent<StatusFilter>();
/** A phone filter typed (its digits are sent). */
export const phoneSearched = createEvent<string>();
export const agentFilterChanged = createEvent<AgentFilter>();
export const sortChanged = createEvent<EmployeeSort>();
/** The rows ticked (ids; ticks on other pages are kept). */
export const rowsSelected = createEvent<string[]>();
export const selectionCleared = createEvent<void>();
export const pageChanged = createEvent<EmployeePage>();
export const listRetryClicked = createEvent<void>();
export const userFreezeConfirmed = createEvent<string>();
export const userUnfreezeConfirmed = createEvent<string>();
export const createUserClicked = createEvent<void>();
export const createUserDismissed = createEvent<void>();
export const createUserSubmitted = createEvent<CreateUserBody>();

// Effects: the calls.
export const loadUsersFx = createEffect<ListUsersQuery, UserListResponse, Error>(listUsers);
export const createUserFx = createEffect<CreateUserBody, User, Error>(createUser);
export const freezeUserFx = createEffect<string, unknown, Error>(freezeUser);
export const unfreezeUserFx = createEffect<string, unknown, Error>(unfreezeUser);

// Stores.
export const $filters = createStore<EmployeeFilters>(NO_FILTERS);
/** The users ticked for a batch action. */
export const $selectedIds = createStore<string[]>([]);
export const $page = createStore<EmployeePage>({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
/** The query of the page the user looks at; answers to older queries are dropped. */
export const $query = combine($filters, $page, toListQuery);
export const $users = createStore<User[]>([]);
export const $total = createStore(0);
export const $listError = createStore<Failure | null>(null);
export const $listLoading = loadUsersFx.pending;
/** True once the first answer (or failure) arrived, so the empty state does not flash while loading. */
export const $listLoaded = createStore(false);
export const $createOpen = createStore(false);
export const $createError = createStore<Failure | null>(null);
export const $creating = createUserFx.pending;
/** Users whose freeze or unfreeze is on its way (their button shows a spinner). */
export const $busyUserIds = createStore<string[]>([]);

// Filters: a new filter starts again on page 1.
sample({
  clock: keywordSearched,
  source: $filters,
  filter: (filters, keyword) => filters.keyword !== keyword.trim(),
  fn: (filters, keyword) => ({ ...filters, keyword: keyword.trim() }),
  target: $filters,
});
sample({
  clock: roleFilterChanged,
  source: $filters,
  filter: (filters, role) => filters.role !== role,
  fn: (filters, role) => ({ ...filters, role }),
  target: $filters,
});
sample({
  clock: statusFilterChanged,
  source: $filters,
  filter: (filters, status) => filters.status !== status,
  fn: (filters, status) => ({ ...filters, status }),
  target: $filters,
});
sample({
  clock: phoneSearched,
  source: $filters,
  filter: (filters, phone) => filters.phone !== phoneDigits(phone),
  fn: (filters, phone) => ({ ...filters, phone: phoneDigits(phone) }),
  target: $filters,
});
sample({
  clock: agentFilterChanged,
  source: $filters,
  filter: (filters, agent) => filters.agent !== agent,
  fn: (filters, agent) => ({ ...filters, agent }),
  target: $filters,
});
sample({
  clock: sortChanged,
  source: $filters,
  filter: (filters, sort) => filters.sort !== sort,
  fn: (filters, sort) => ({ ...filters, sort }),
  target: $filters,
});
sample({
  clock: $filters.updates,
  source: $page,
  filter: (page) => page.page !== 1,
  fn: (page) => ({ ...page, page: 1 }),
  target: $page,
});
sample({
  clock: pageChanged,
  source: $page,
  filter: (current, next) => current.page !== next.page || current.pageSize !== next.pageSize,
  // A new page size starts again on page 1.
  fn: (current, next) => (next.pageSize !== current.pageSize ? { page: 1, pageSize: next.pageSize } : next),
  target: $page,
});

// Loading: on open, on every change of the query, on retry and after a change made here.
sample({
  clock: [
    employeeListOpened,
    $query.updates,
    listRetryClicked,
    freezeUserFx.done,
    unfreezeUserFx.done,
    createUserFx.done,
    updateUserFx.done,
    deleteUserFx.done,
  ],
  source: $query,
  target: loadUsersFx,
});
const currentAnswer = sample({
  clock: loadUsersFx.done,
  source: $query,
  filter: (query, { params }) => sameQuery(query, params),
  fn: (_, { result }) => result,
});
sample({ clock: currentAnswer, fn: (answer) => answer.list, target: $users });
sample({ clock: currentAnswer, fn: (answer) => answer.total, target: $total });
sample({ clock: currentAnswer, fn: () => null, target: $listError });
// The last rows of the last page went away (frozen under a status filter, say): show the new last page.
sample({
  clock: currentAnswer,
  source: $page,
  filter: (page, answer) => answer.list.length === 0 && answer.total > 0 && page.page > 1,
  fn: (page, answer) => ({ ...page, page: Math.max(1, Math.ceil(answer.total / page.pageSize)) }),
  target: $page,
});
const currentFailure = sample({
  clock: loadUsersFx.fail,
  source: $query,
  filter: (query, { params }) => sameQuery(query, params),
  fn: (_, { error }) => toFailure(error),
});
sample({ clock: currentFailure, target: $listError });
sample({ clock: [currentAnswer, currentFailure], fn: () => true, target: $listLoaded });

// Selection: a deleted user is no longer ticked.
sample({ clock: rowsSelected, fn: (ids) => [...new Set(ids)], target: $selectedIds });
sample({ clock: selectionCleared, fn: () => [], target: $selectedIds });
sample({
  clock: deleteUserFx.done,
  source: $selectedIds,
  fn: (ids, { params }) => ids.filter((id) => id !== params.id),
  target: $selectedIds,
});

// Freeze and unfreeze.
sample({ clock: userFreezeConfirmed, target: freezeUserFx });
sample({ clock: userUnfreezeConfirmed, target: unfreezeUserFx });
sample({
  clock: [freezeUserFx, unfreezeUserFx],
  source: $busyUserIds,
  fn: (ids, id) => [...ids, id],
  target: $busyUserIds,
});
sample({
  clock: [freezeUserFx.finally, unfreezeUserFx.finally],
  source: $busyUserIds,
  fn: (ids, { params }) => ids.filter((id) => id !== params),
  target: $busyUserIds,
});

// Creating a user.
sample({ clock: createUserClicked, fn: () => true, target: $createOpen });
sample({ clock: [createUserDismissed, createUserFx.done], fn: () => false, target: $createOpen });
sample({ clock: [createUserClicked, createUserDismissed, createUserFx], fn: () => null, target: $createError });
sample({
  clock: createUserSubmitted,
  source: $creating,
  filter: (creating) => !creating,
  fn: (_, body) => body,
  target: createUserFx,
});
sample({ clock: createUserFx.failData, fn: toFailure, target: $createError });
sample({
  clock: createUserFx.doneData,
  fn: (user) => ({ id: 'users.create.done', values: { username: user.username } }),
  target: showSuccessFx,
});
