import type { ListUsersQuery, Role } from '@flotilla/shared';

export type RoleFilter = Role | 'all';
export type StatusFilter = 'all' | 'active' | 'frozen';
export type EmployeeFilters = { keyword: string; role: RoleFilter; status: StatusFilter };
export type EmployeePage = { page: number; pageSize: number };

export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];

/** The server query of one list page: empty filters are left out, status maps to `ban`. */
export function toListQuery(filters: EmployeeFilters, page: EmployeePage): ListUsersQuery {
  const query: ListUsersQuery = { offset: (page.page - 1) * page.pageSize, limit: page.pageSize };
  const keyword = filters.keyword.trim();
  if (keyword) query.keyword = keyword;
  if (filters.role !== 'all') query.role = filters.role;
  if (filters.status !== 'all') query.ban = filters.status === 'frozen';
  return query;
}

/** True when two list queries ask for the same page (used to drop answers that arrive late). */
export function sameQuery(a: ListUsersQuery, b: ListUsersQuery): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof ListUsersQuery>;
  for (const key of keys) if (a[key] !== b[key]) return false;
  return true;
}
