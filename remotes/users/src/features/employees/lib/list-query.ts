import type { ListUsersQuery, Role } from '@flotilla/shared';

export type RoleFilter = Role | 'all';
export type StatusFilter = 'all' | 'active' | 'frozen';
export type AgentFilter = 'all' | 'agents' | 'others';
/** The list's orders: newest first is the server's default. */
export const EMPLOYEE_SORTS = ['newest', 'oldest', 'usernameAsc', 'usernameDesc'] as const;
export type EmployeeSort = (typeof EMPLOYEE_SORTS)[number];
export type EmployeeFilters = {
  keyword: string;
  /** Digits of a phone number. */
  phone: string;
  role: RoleFilter;
  status: StatusFilter;
  agent: AgentFilter;
  sort: EmployeeSort;
};

export const NO_FILTERS: EmployeeFilters = {
  keyword: '',
  phone: '',
  role: 'all',
  status: 'all',
  agent: 'all',
  sort: 'newest',
};

const SORT_QUERIES: Record<EmployeeSort, Pick<ListUsersQuery, 'sort' | 'order'>> = {
  newest: {},
  oldest: { sort: 'createdAt', order: 'asc' },
  usernameAsc: { sort: 'username', order: 'asc' },
  usernameDesc: { sort: 'username', order: 'desc' },
};

/** The digits of a typed phone filter (the server's filter takes digits only). */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, 32);
}
export type EmployeePage = { page: number; pageSize: number };

export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];

/** The server query of one list page: empty filters are left out, status maps to `ban`, agent to `isAgent`. */
export function toListQuery(filters: EmployeeFilters, page: EmployeePage): ListUsersQuery {
  const query: ListUsersQuery = { offset: (page.page - 1) * page.pageSize, limit: page.pageSize };
  const keyword = filters.keyword.trim();
  if (keyword) query.keyword = keyword;
  if (filters.role !== 'all') query.role = filters.role;
  if (filters.status !== 'all') query.ban = filters.status === 'frozen';
  if (filters.phone) query.phone = filters.phone;
  if (filters.agent !== 'all') query.isAgent = filters.agent === 'agents';
  return { ...query, ...SORT_QUERIES[filters.sort] };
}

/** True when two list queries ask for the same page (used to drop answers that arrive late). */
export function sameQuery(a: ListUsersQuery, b: ListUsersQuery): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof ListUsersQuery>;
  for (const key of keys) if (a[key] !== b[key]) return false;
  return true;
}
